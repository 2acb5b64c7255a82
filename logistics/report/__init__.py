"""Text and JSON reports of what the engines answer; nothing here decides a rule."""
