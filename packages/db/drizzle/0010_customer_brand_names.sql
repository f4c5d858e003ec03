ALTER TABLE "linhas_cliente" ADD COLUMN "bandeiranome" text;--> statement-breakpoint
ALTER TABLE "linhas_cliente" ADD COLUMN "produtonome" text;--> statement-breakpoint
-- The family of a product (credit, debit, voucher, Pix) from its catalogue name: a merchant's 'Crédito' and the
-- operator's 'Crédito parcelado loja' are the same sale, its 'Débito' against the operator's credit is not.
CREATE OR REPLACE FUNCTION familia_produto(nome text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN nome IS NULL THEN NULL
    WHEN nome LIKE 'Débito%' OR nome = 'Pré-pago débito' THEN 'debito'
    WHEN nome LIKE 'Crédito%' OR nome IN ('Pré-pago crédito', 'Crediário', 'Cartão BNDES') THEN 'credito'
    WHEN nome LIKE 'Voucher%' THEN 'voucher'
    WHEN nome = 'Pix' THEN 'pix'
  END
$$;
