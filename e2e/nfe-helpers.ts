import { page, type adminClient } from './fixtures.ts';

/** The business's CNPJ, set when the database has none (an NF-e and a filial need it: DESIGN.md §6.2, §6.3). */
export async function businessDocument(client: Awaited<ReturnType<typeof adminClient>>) {
  const settings = (await client('GET', '/api/settings/v1')).json() as {
    businessName: string;
    businessDocument: string;
  };
  const document = settings.businessDocument.replace(/[^0-9A-Z]/gi, '');
  if (document) return document;
  await client('PUT', '/api/settings/v1', {
    businessName: settings.businessName,
    businessDocument: '11222333000181',
  });
  return '11222333000181';
}

/** A real drop of a note's file on the zone, then its preview. */
export async function dropNote(xml: string, name: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ xml, name }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([xml], name, { type: 'application/xml' }));
      return transfer;
    },
    { xml, name },
  );
  await page.getByTestId('nfe-drop-zone').dispatchEvent('drop', { dataTransfer });
  await page.getByTestId('nfe-preview').waitFor();
}
