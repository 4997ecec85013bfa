"""Tiles lying on points: many quads at once, one at a time and OpenCV's polygon test
agree, edges included."""

from __future__ import annotations

import cv2
import numpy as np

from vision.board.geometry import inside_quad, inside_quads


def test_points_on_tiles_many_at_once():
    rng = np.random.default_rng(7)
    centres = rng.uniform(0, 100, (40, 1, 2))
    angles = rng.uniform(0, np.pi, (40, 1))
    along = np.stack([np.cos(angles), np.sin(angles)], axis=-1) * 20
    across = np.stack([-np.sin(angles), np.cos(angles)], axis=-1) * 10
    quads = centres + np.concatenate([-along - across, along - across, along + across,
                                      -along + across], axis=1)
    points = np.concatenate([rng.uniform(0, 100, (200, 2)), quads[:5].reshape(-1, 2)])
    many = inside_quads(points, quads)
    assert many.shape == (len(points), len(quads))
    for m, quad in enumerate(quads):
        assert np.array_equal(many[:, m], inside_quad(points, quad))
        contour = quad.astype(np.float32).reshape(-1, 1, 2)
        assert [bool(b) for b in many[:200, m]] == [
            cv2.pointPolygonTest(contour, (float(x), float(y)), False) >= 0
            for x, y in points[:200]]
    assert many[200:, :5].reshape(5, 4, 5)[np.arange(5), :, np.arange(5)].all()  # corners
    assert 0 < many[:200].sum() < many[:200].size
