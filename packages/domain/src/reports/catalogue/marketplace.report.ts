import { defineReport, janelaFilter } from '../report-kit';
import { COL } from './columns';

/**
 * Marketplace: sales made through a platform with split (Mercado Pago, Pagar.me), which the operator's statement
 * ties to the platform's own ids — the seller (sub-seller, recipient), the payment, the order and the item.
 */
export const marketplaceVendasReport = defineReport({
  key: 'marketplace-vendas',
  operation: 'gerarRelatorioMarketplaceVendas',
  title: 'Vendas de marketplace',
  group: 'Marketplace',
  description: 'Cada venda de marketplace do período com o vendedor, o pedido, o pagamento e o item da plataforma, e os valores bruto, taxa e líquido.',
  ...janelaFilter('Venda'),
  columns: [
    COL.datavenda,
    COL.operadora,
    COL.unidade,
    { key: 'vendedor', label: 'Vendedor', kind: 'text' },
    { key: 'pedido', label: 'Pedido', kind: 'text' },
    { key: 'pagamento', label: 'Pagamento', kind: 'text' },
    { key: 'item', label: 'Item', kind: 'text' },
    COL.produto,
    COL.totparcelas,
    COL.valorbruto,
    COL.valortaxa,
    COL.valorliquido,
  ],
});

/** The marketplace sales per seller: what each one sold and what the platform kept. */
export const marketplaceVendedoresReport = defineReport({
  key: 'marketplace-vendedores',
  operation: 'gerarRelatorioMarketplaceVendedores',
  title: 'Vendas de marketplace por vendedor',
  group: 'Marketplace',
  description: 'Por operadora, unidade e vendedor do marketplace: quantos pedidos e vendas no período e seus valores bruto, taxa e líquido.',
  ...janelaFilter('Venda'),
  columns: [
    COL.operadora,
    COL.unidade,
    { key: 'vendedor', label: 'Vendedor', kind: 'text' },
    { key: 'pedidos', label: 'Pedidos', kind: 'number', total: true },
    COL.quantidade,
    COL.valorbruto,
    COL.valortaxa,
    COL.valorliquido,
  ],
});

export const MARKETPLACE_REPORTS = [marketplaceVendasReport, marketplaceVendedoresReport] as const;
