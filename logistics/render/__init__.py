"""Pictures of maps and positions: SVG and PNG."""
