"""The Restart rules service: an HTTP referee for the tile game Restart."""
