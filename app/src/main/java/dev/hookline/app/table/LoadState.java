package dev.hookline.app.table;

/** Where a table's data is: nothing asked yet, a call under way, rows on screen, or the last call failed. */
public enum LoadState { IDLE, LOADING, LOADED, FAILED }
