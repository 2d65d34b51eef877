/**
 * For the accountant: what the Bloco H file and the complete EFD file hold, and how each goes into the EFD ICMS/IPI
 * they deliver (DESIGN.md §6.5, decisions 0073 and 0074).
 */
export function AccountantFilesGuide() {
  return (
    <section className="mb-8" id="arquivos-para-o-contador">
      <h2 className="mb-2 text-xl font-semibold">Arquivos do inventário para o contador (EFD ICMS/IPI)</h2>
      <p className="mb-3">
        Em <em>Inventário</em>, escolha a data, o estabelecimento (cada CNPJ entrega a sua EFD), o motivo e o
        tipo de arquivo. Os dois tipos saem em ISO-8859-1, com uma linha por registro, como o validador (PVA)
        lê.
      </p>
      <h3 className="mb-1 font-semibold">Só o bloco H</h3>
      <p className="mb-3">
        Traz os registros do bloco 0 que o inventário usa (0150 dos participantes, 0190 das unidades, 0200 dos
        produtos e 0220 das embalagens) seguidos do bloco H (H001, H005, H010 e, conforme o motivo, H020 ou
        H030, e H990). Não abre sozinho no PVA: o PVA só importa um bloco completo dentro de uma EFD aberta
        com o mesmo registro 0000. Serve para o sistema fiscal do escritório que importa registros no leiaute
        do SPED, ou para copiar as linhas à mão: as linhas 0150, 0190, 0200 e 0220 vão para o bloco 0 da EFD
        do contador (sem repetir códigos que já existam lá), e o bloco H substitui o bloco H dela. Depois de
        colar, recalcule os totais (0990, H990 e o bloco 9) no próprio PVA ou no sistema fiscal.
      </p>
      <h3 className="mb-1 font-semibold">Arquivo EFD completo</h3>
      <p className="mb-3">
        Um arquivo EFD ICMS/IPI inteiro do período escolhido (por padrão, o mês da data do inventário): 0000
        com os dados do estabelecimento, 0005, 0100 com os dados do contador, o bloco 0, os blocos B, C, D, G
        e K abertos e fechados sem dados, o bloco E com a apuração zerada (E100 e E110), o bloco H com o
        inventário, o bloco 1 com o 1010 todo &quot;N&quot; e o bloco 9 com a contagem de registros. Abre no
        PVA como está. Para entregar o inventário de 31/12, gere o arquivo com o período de fevereiro do ano
        seguinte (o mês em que o inventário é informado). O contador pode:
      </p>
      <ul className="mb-3 list-disc space-y-1 pl-6">
        <li>
          abrir o arquivo no PVA só para conferir o inventário (o validador aponta o que falta nos cadastros);
        </li>
        <li>
          importá-lo no sistema fiscal do escritório, que junta os cadastros do bloco 0 e o bloco H à EFD que
          ele gera com as notas do mês;
        </li>
        <li>
          ou, no PVA, com a EFD do mês aberta, importar o bloco H deste arquivo: o PVA exige que o 0000 seja
          idêntico, por isso confira antes o período, o CNPJ, a IE, a UF, o município e o perfil (escolhido em{' '}
          <em>Configurações</em>).
        </li>
      </ul>
      <p className="mb-3">
        Para gerar o arquivo completo, preencha antes o endereço do estabelecimento (com UF e o código IBGE do
        município, em <em>Configurações → Estabelecimentos</em>) e os dados do contador (nome, CPF, CRC,
        e-mail e código do município, em <em>Configurações</em>). Se faltar algo, o Armazém diz o quê, em vez
        de gerar um arquivo que o PVA recusaria.
      </p>
      <h3 className="mb-1 font-semibold">O motivo do inventário</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>01</strong> (final do período): só H005 e H010.
        </li>
        <li>
          <strong>02 a 05</strong>: cada item leva um H020 com o CST, a base e o ICMS, calculados das NF-e de
          entrada que formam o valor do item (as entradas mais recentes que cobrem a quantidade, pela média
          por unidade). Itens sem NF-e de entrada saem com base e ICMS zero e a tela os lista para revisão. No
          motivo 02, o Guia Prático pede o H020 só dos itens cuja tributação mudou: retire os demais.
        </li>
        <li>
          <strong>06</strong> (substituição tributária): cada item leva um H030 com as médias por unidade do
          ICMS próprio, da base e do ICMS-ST e do FCP das NF-e de entrada.
        </li>
      </ul>
    </section>
  );
}
