import { MSG } from '@concilia/domain';
import type { Locator, Page } from 'playwright-core';

/** A minimal well-formed PDF: what the server recognises by its bytes as a registration document. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** Sends one document of type `tipo` (its label) from an open Documentos drawer and waits for the confirmation. */
export async function sendDocument(page: Page, drawer: Locator, tipo: string, file: { name: string; buffer: Buffer }) {
  await drawer.getByRole('combobox', { name: new RegExp(`^${MSG.documentoTipo}`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: tipo, exact: true }).click();
  await drawer.getByTestId('documento-input').setInputFiles({ name: file.name, mimeType: 'application/pdf', buffer: file.buffer });
  await drawer.getByTestId('documento-escolhidos').filter({ hasText: file.name }).waitFor();
  await drawer.getByRole('button', { name: MSG.documentoEnviar }).click();
  await page.getByTestId('notification').filter({ hasText: MSG.documentoEnviado }).waitFor();
}
