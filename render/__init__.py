"""Board pictures: engine values in, PNG/GIF bytes and alt text out (Pillow only)."""
