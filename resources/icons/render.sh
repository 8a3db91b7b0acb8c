#!/usr/bin/env bash
# Renders the PNG sizes of the app icon from hookline.svg (needs ImageMagick: apt-get install imagemagick).
set -euo pipefail
cd "$(dirname "$0")"
for size in 16 32 48 64 128 256 512; do
  convert -background none -density 384 hookline.svg -resize "${size}x${size}" -depth 8 -strip "PNG32:hookline-${size}.png"
done
