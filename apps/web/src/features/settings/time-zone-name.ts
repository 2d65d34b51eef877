/** Brazil's time zones by their IANA id, in the words people use for them. */
const BRAZIL: Record<string, string> = {
  'America/Sao_Paulo': 'Horário de Brasília (São Paulo)',
  'America/Bahia': 'Horário de Brasília (Salvador)',
  'America/Fortaleza': 'Horário de Brasília (Fortaleza)',
  'America/Recife': 'Horário de Brasília (Recife)',
  'America/Maceio': 'Horário de Brasília (Maceió)',
  'America/Belem': 'Horário de Brasília (Belém)',
  'America/Araguaina': 'Horário de Brasília (Araguaína)',
  'America/Santarem': 'Horário de Brasília (Santarém)',
  'America/Manaus': 'Horário do Amazonas (Manaus)',
  'America/Cuiaba': 'Horário do Amazonas (Cuiabá)',
  'America/Campo_Grande': 'Horário do Amazonas (Campo Grande)',
  'America/Porto_Velho': 'Horário do Amazonas (Porto Velho)',
  'America/Boa_Vista': 'Horário do Amazonas (Boa Vista)',
  'America/Rio_Branco': 'Horário do Acre (Rio Branco)',
  'America/Eirunepe': 'Horário do Acre (Eirunepé)',
  'America/Noronha': 'Horário de Fernando de Noronha',
};

/** The business time zone as a person reads it ("Horário de Brasília (São Paulo)"), never its IANA id alone. */
export function timeZoneName(id: string): string {
  const known = BRAZIL[id];
  if (known) return known;
  try {
    const parts = new Intl.DateTimeFormat('pt-BR', {
      timeZone: id,
      timeZoneName: 'longGeneric',
    }).formatToParts();
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? id;
  } catch {
    return id;
  }
}
