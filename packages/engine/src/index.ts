/**
 * The reconciliation engine: pure parse → normalise → match, no I/O. Filled by the ingestion and
 * reconciliation issues; the package exists now so the workspace layout is final.
 */
export {};
