"""What changes the game's data, one function per write (docs/architecture.md)."""
