"""A breadth-first search from several roots by scipy's csgraph, for a large graph given as
compressed rows (the naval element's sea: `naval._reach_by_scipy`).

The roots hang off one extra head node, in their order, and the edges into closed nodes are left
out; `scipy.sparse.csgraph.breadth_first_order` then runs the queue as a search node by node
does: each node's edges in their order, a node's parent the first node of the queue that finds it.
Performance: docs/performance.md.
"""
from __future__ import annotations

import numpy as np


def bfs_parents(indptr: np.ndarray, indices: np.ndarray, open_: np.ndarray,
                roots: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Breadth-first from `roots` (open nodes, each once, in queue order) over the edges
    indices[indptr[k]:indptr[k + 1]] out of node k, entering open nodes only: each node's parent
    (-1 a root, -2 not reached) and the reached nodes in queue order."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import breadth_first_order
    n = len(indptr) - 1
    kept = np.concatenate([[0], np.cumsum(open_[indices])])
    head_indptr = np.append(kept[indptr], kept[-1] + len(roots))
    head_indices = np.concatenate([indices[open_[indices]], roots]).astype(np.int32)
    graph = csr_matrix((np.ones(len(head_indices)), head_indices, head_indptr.astype(np.int32)), shape=(n + 1, n + 1))
    order, pred = breadth_first_order(graph, n, directed=True, return_predecessors=True)
    parent = np.where(pred[:n] == n, -1, pred[:n]).astype(np.int64)
    parent[pred[:n] < 0] = -2                  # scipy: -9999, not reached
    return parent, order[1:].astype(np.int64)
