-- Nothing filters or sorts the pairs by their pass; the index cost ~28 % of writing them (docs/performance-reconcile.md).
DROP INDEX "conciliacoes_venda_passo_idx";
