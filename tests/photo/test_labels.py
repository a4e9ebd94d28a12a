"""The divider reader's mask tools (labels.py): numbering, connectivity and border rules it was tuned with."""

from __future__ import annotations

import numpy as np

from scorekeeper.photo.labels import dilate, erode, fill_holes, label


def test_blobs_are_numbered_in_raster_order_of_their_first_pixel():
    # OpenCV's block-wise labelling would number the blob starting on the second row first.
    mask = np.zeros((4, 12), bool)
    mask[0, 8] = True
    mask[1, 4] = mask[2, 3] = True
    mask[3, 0] = True
    labels, n = label(mask)
    assert n == 3
    assert (labels[0, 8], labels[1, 4], labels[2, 3], labels[3, 0]) == (1, 2, 2, 3)


def test_diagonal_neighbours_join_only_when_asked():
    mask = np.eye(3, dtype=bool)
    assert label(mask)[1] == 1
    assert label(mask, diagonal=False)[1] == 3


def test_erosion_counts_outside_as_set_and_dilation_as_unset():
    full = np.ones((5, 5), bool)
    assert erode(full, 1).all()
    corner = np.zeros((5, 5), bool)
    corner[0, 0] = True
    grown = dilate(corner, 1)
    assert grown.sum() == 4 and grown[1, 1] and not grown[2, 2]


def test_holes_are_filled_unless_they_reach_the_border():
    ring = np.zeros((7, 7), bool)
    ring[1:6, 1:6] = True
    ring[3, 3] = False  # a hole
    ring[1, 3] = False  # a bay open to the unset border
    out = fill_holes(ring)
    assert out[3, 3] and not out[1, 3] and out[2:5, 2:5].all()


def test_empty_masks_have_no_blobs():
    assert label(np.zeros((0, 5), bool))[1] == 0
    assert dilate(np.zeros((5, 0), bool), 2).shape == (5, 0)
