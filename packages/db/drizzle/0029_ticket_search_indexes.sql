-- Pesquisar Ticket by NSU (the customer side: types C and CU, and the disregarded lines a type A search lists beside
-- the sales). The search compares ltrim(nsu, '0') — an ERP writes the NSU without the acquirer's leading zeros —
-- so the index is on that expression; the sale date second keeps the search's month a range of one NSU.
CREATE INDEX "linhas_cliente_nsu_idx" ON "linhas_cliente" USING btree (ltrim("nsu", '0'),"datavenda");--> statement-breakpoint
-- The same for the operator's lines: without it a search reads every sale of the month of the caller's units
-- (~600,000 lines of a 10M-line tenant: 15 s and more per request, measured with npm run bench:api). Not partial
-- (tipo = 'sale'): the planner reads an index expression's statistics only from a whole-table index.
CREATE INDEX "linhas_operadora_nsu_idx" ON "linhas_operadora" USING btree (ltrim("nsu", '0'),"data");--> statement-breakpoint
-- The expressions' statistics now, not at the next autovacuum: without them the planner expects thousands of lines
-- per NSU and plans parallel scans and hash joins for one.
ANALYZE "linhas_operadora";--> statement-breakpoint
ANALYZE "linhas_cliente";
