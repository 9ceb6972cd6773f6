"""Images drawn on the server: puzzle silhouettes and suggestion thumbnails."""
