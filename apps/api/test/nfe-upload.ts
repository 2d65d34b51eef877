import type { App } from '../src/app.ts';

/** multipart/form-data with the NF-e XML in the field `xml`, for app.inject. */
export async function nfeForm(
  xml: string | Uint8Array,
  fields: Record<string, string> = {},
  name = 'nota.xml',
) {
  const form = new FormData();
  const bytes = typeof xml === 'string' ? new TextEncoder().encode(xml) : xml;
  form.append('xml', new Blob([new Uint8Array(bytes)], { type: 'application/xml' }), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

export async function previewNfe(app: App, cookie: string, xml: string | Uint8Array) {
  const body = await nfeForm(xml);
  return app.inject({
    method: 'POST',
    url: '/api/stock/nfe/v1/preview',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

export async function importNfe(app: App, cookie: string, xml: string | Uint8Array, data: unknown) {
  const body = await nfeForm(xml, { data: JSON.stringify(data) });
  return app.inject({
    method: 'POST',
    url: '/api/stock/nfe/v1',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

/** The destination the test notes are addressed to by default (test-support/nfe-builder.ts). */
export const TEST_BUSINESS_DOCUMENT = '11222333000181';

/** Sets the business whose notes are imported (an NF-e import needs it: DESIGN.md §6.2). */
export async function setBusiness(app: App, cookie: string, settings: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/settings/v1',
    headers: { cookie },
    payload: { businessName: 'Mercearia Boa Vista', businessDocument: TEST_BUSINESS_DOCUMENT, ...settings },
  });
  if (response.statusCode !== 200) throw new Error(`settings: ${response.statusCode} ${response.body}`);
}
