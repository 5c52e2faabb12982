export interface Especialidade {
  readonly codigo: string;
  readonly nome: string;
}

/** As 55 especialidades médicas reconhecidas pela Resolução CFM nº 2.221/2018. */
export const ESPECIALIDADES = [
  { codigo: 'acupuntura', nome: 'Acupuntura' },
  { codigo: 'alergia-e-imunologia', nome: 'Alergia e Imunologia' },
  { codigo: 'anestesiologia', nome: 'Anestesiologia' },
  { codigo: 'angiologia', nome: 'Angiologia' },
  { codigo: 'cardiologia', nome: 'Cardiologia' },
  { codigo: 'cirurgia-cardiovascular', nome: 'Cirurgia Cardiovascular' },
  { codigo: 'cirurgia-da-mao', nome: 'Cirurgia da Mão' },
  { codigo: 'cirurgia-de-cabeca-e-pescoco', nome: 'Cirurgia de Cabeça e Pescoço' },
  { codigo: 'cirurgia-do-aparelho-digestivo', nome: 'Cirurgia do Aparelho Digestivo' },
  { codigo: 'cirurgia-geral', nome: 'Cirurgia Geral' },
  { codigo: 'cirurgia-oncologica', nome: 'Cirurgia Oncológica' },
  { codigo: 'cirurgia-pediatrica', nome: 'Cirurgia Pediátrica' },
  { codigo: 'cirurgia-plastica', nome: 'Cirurgia Plástica' },
  { codigo: 'cirurgia-toracica', nome: 'Cirurgia Torácica' },
  { codigo: 'cirurgia-vascular', nome: 'Cirurgia Vascular' },
  { codigo: 'clinica-medica', nome: 'Clínica Médica' },
  { codigo: 'coloproctologia', nome: 'Coloproctologia' },
  { codigo: 'dermatologia', nome: 'Dermatologia' },
  { codigo: 'endocrinologia-e-metabologia', nome: 'Endocrinologia e Metabologia' },
  { codigo: 'endoscopia', nome: 'Endoscopia' },
  { codigo: 'gastroenterologia', nome: 'Gastroenterologia' },
  { codigo: 'genetica-medica', nome: 'Genética Médica' },
  { codigo: 'geriatria', nome: 'Geriatria' },
  { codigo: 'ginecologia-e-obstetricia', nome: 'Ginecologia e Obstetrícia' },
  { codigo: 'hematologia-e-hemoterapia', nome: 'Hematologia e Hemoterapia' },
  { codigo: 'homeopatia', nome: 'Homeopatia' },
  { codigo: 'infectologia', nome: 'Infectologia' },
  { codigo: 'mastologia', nome: 'Mastologia' },
  { codigo: 'medicina-de-emergencia', nome: 'Medicina de Emergência' },
  { codigo: 'medicina-de-familia-e-comunidade', nome: 'Medicina de Família e Comunidade' },
  { codigo: 'medicina-do-trabalho', nome: 'Medicina do Trabalho' },
  { codigo: 'medicina-de-trafego', nome: 'Medicina de Tráfego' },
  { codigo: 'medicina-esportiva', nome: 'Medicina Esportiva' },
  { codigo: 'medicina-fisica-e-reabilitacao', nome: 'Medicina Física e Reabilitação' },
  { codigo: 'medicina-intensiva', nome: 'Medicina Intensiva' },
  { codigo: 'medicina-legal-e-pericia-medica', nome: 'Medicina Legal e Perícia Médica' },
  { codigo: 'medicina-nuclear', nome: 'Medicina Nuclear' },
  { codigo: 'medicina-preventiva-e-social', nome: 'Medicina Preventiva e Social' },
  { codigo: 'nefrologia', nome: 'Nefrologia' },
  { codigo: 'neurocirurgia', nome: 'Neurocirurgia' },
  { codigo: 'neurologia', nome: 'Neurologia' },
  { codigo: 'nutrologia', nome: 'Nutrologia' },
  { codigo: 'oftalmologia', nome: 'Oftalmologia' },
  { codigo: 'oncologia-clinica', nome: 'Oncologia Clínica' },
  { codigo: 'ortopedia-e-traumatologia', nome: 'Ortopedia e Traumatologia' },
  { codigo: 'otorrinolaringologia', nome: 'Otorrinolaringologia' },
  { codigo: 'patologia', nome: 'Patologia' },
  { codigo: 'patologia-clinica-medicina-laboratorial', nome: 'Patologia Clínica/Medicina Laboratorial' },
  { codigo: 'pediatria', nome: 'Pediatria' },
  { codigo: 'pneumologia', nome: 'Pneumologia' },
  { codigo: 'psiquiatria', nome: 'Psiquiatria' },
  { codigo: 'radiologia-e-diagnostico-por-imagem', nome: 'Radiologia e Diagnóstico por Imagem' },
  { codigo: 'radioterapia', nome: 'Radioterapia' },
  { codigo: 'reumatologia', nome: 'Reumatologia' },
  { codigo: 'urologia', nome: 'Urologia' },
] as const satisfies readonly Especialidade[];

// Só para checar em tempo de compilação que todo requisito é uma especialidade existente.
type CodigoEspecialidade = (typeof ESPECIALIDADES)[number]['codigo'];

export interface AreaAtuacao {
  readonly codigo: string;
  readonly nome: string;
  /** Códigos das especialidades que dão acesso ao certificado de área de atuação. */
  readonly requisitos: readonly string[];
}

/**
 * As 59 áreas de atuação da Resolução CFM nº 2.221/2018, em ordem alfabética.
 * Essa resolução criou Medicina Aeroespacial e extinguiu Medicina de Urgência
 * (absorvida pela especialidade Medicina de Emergência).
 */
export const AREAS_ATUACAO = [
  {
    codigo: 'administracao-em-saude',
    nome: 'Administração em Saúde',
    requisitos: ['medicina-preventiva-e-social', 'medicina-de-familia-e-comunidade', 'clinica-medica', 'medicina-do-trabalho'],
  },
  {
    codigo: 'alergia-e-imunologia-pediatrica',
    nome: 'Alergia e Imunologia Pediátrica',
    requisitos: ['alergia-e-imunologia', 'pediatria'],
  },
  {
    codigo: 'angiorradiologia-e-cirurgia-endovascular',
    nome: 'Angiorradiologia e Cirurgia Endovascular',
    requisitos: ['angiologia', 'cirurgia-vascular', 'radiologia-e-diagnostico-por-imagem'],
  },
  {
    codigo: 'atendimento-ao-queimado',
    nome: 'Atendimento ao Queimado',
    requisitos: ['cirurgia-plastica', 'cirurgia-geral'],
  },
  {
    codigo: 'cardiologia-pediatrica',
    nome: 'Cardiologia Pediátrica',
    requisitos: ['cardiologia', 'pediatria'],
  },
  {
    codigo: 'cirurgia-bariatrica',
    nome: 'Cirurgia Bariátrica',
    requisitos: ['cirurgia-geral', 'cirurgia-do-aparelho-digestivo'],
  },
  {
    codigo: 'cirurgia-cranio-maxilo-facial',
    nome: 'Cirurgia Crânio-Maxilo-Facial',
    requisitos: ['cirurgia-plastica', 'cirurgia-de-cabeca-e-pescoco', 'otorrinolaringologia'],
  },
  {
    codigo: 'cirurgia-do-trauma',
    nome: 'Cirurgia do Trauma',
    requisitos: ['cirurgia-geral'],
  },
  {
    codigo: 'cirurgia-videolaparoscopica',
    nome: 'Cirurgia Videolaparoscópica',
    requisitos: [
      'cirurgia-geral',
      'cirurgia-do-aparelho-digestivo',
      'coloproctologia',
      'cirurgia-pediatrica',
      'cirurgia-oncologica',
      'ginecologia-e-obstetricia',
      'urologia',
    ],
  },
  {
    codigo: 'citopatologia',
    nome: 'Citopatologia',
    requisitos: ['patologia'],
  },
  {
    codigo: 'densitometria-ossea',
    nome: 'Densitometria Óssea',
    requisitos: [
      'endocrinologia-e-metabologia',
      'ginecologia-e-obstetricia',
      'medicina-nuclear',
      'ortopedia-e-traumatologia',
      'radiologia-e-diagnostico-por-imagem',
      'reumatologia',
      'geriatria',
    ],
  },
  {
    codigo: 'dor',
    nome: 'Dor',
    requisitos: [
      'acupuntura',
      'anestesiologia',
      'clinica-medica',
      'medicina-fisica-e-reabilitacao',
      'neurocirurgia',
      'neurologia',
      'ortopedia-e-traumatologia',
      'reumatologia',
    ],
  },
  {
    codigo: 'ecocardiografia',
    nome: 'Ecocardiografia',
    requisitos: ['cardiologia', 'radiologia-e-diagnostico-por-imagem'],
  },
  {
    codigo: 'ecografia-vascular-com-doppler',
    nome: 'Ecografia Vascular com Doppler',
    requisitos: ['angiologia', 'cirurgia-vascular', 'cardiologia', 'radiologia-e-diagnostico-por-imagem'],
  },
  {
    codigo: 'eletrofisiologia-clinica-invasiva',
    nome: 'Eletrofisiologia Clínica Invasiva',
    requisitos: ['cardiologia'],
  },
  {
    codigo: 'emergencia-pediatrica',
    nome: 'Emergência Pediátrica',
    requisitos: ['pediatria'],
  },
  {
    codigo: 'endocrinologia-pediatrica',
    nome: 'Endocrinologia Pediátrica',
    requisitos: ['endocrinologia-e-metabologia', 'pediatria'],
  },
  {
    codigo: 'endoscopia-digestiva',
    nome: 'Endoscopia Digestiva',
    requisitos: ['endoscopia', 'gastroenterologia', 'cirurgia-do-aparelho-digestivo', 'coloproctologia'],
  },
  {
    codigo: 'endoscopia-ginecologica',
    nome: 'Endoscopia Ginecológica',
    requisitos: ['ginecologia-e-obstetricia'],
  },
  {
    codigo: 'endoscopia-respiratoria',
    nome: 'Endoscopia Respiratória',
    requisitos: ['endoscopia', 'pneumologia', 'cirurgia-toracica'],
  },
  {
    codigo: 'ergometria',
    nome: 'Ergometria',
    requisitos: ['cardiologia', 'medicina-esportiva'],
  },
  {
    codigo: 'estimulacao-cardiaca-eletronica-implantavel',
    nome: 'Estimulação Cardíaca Eletrônica Implantável',
    requisitos: ['cardiologia', 'cirurgia-cardiovascular'],
  },
  {
    codigo: 'foniatria',
    nome: 'Foniatria',
    requisitos: ['otorrinolaringologia'],
  },
  {
    codigo: 'gastroenterologia-pediatrica',
    nome: 'Gastroenterologia Pediátrica',
    requisitos: ['gastroenterologia', 'pediatria'],
  },
  {
    codigo: 'hansenologia',
    nome: 'Hansenologia',
    requisitos: ['dermatologia', 'infectologia', 'clinica-medica'],
  },
  {
    codigo: 'hematologia-e-hemoterapia-pediatrica',
    nome: 'Hematologia e Hemoterapia Pediátrica',
    requisitos: ['hematologia-e-hemoterapia', 'pediatria'],
  },
  {
    codigo: 'hemodinamica-e-cardiologia-intervencionista',
    nome: 'Hemodinâmica e Cardiologia Intervencionista',
    requisitos: ['cardiologia'],
  },
  {
    codigo: 'hepatologia',
    nome: 'Hepatologia',
    requisitos: ['gastroenterologia', 'infectologia'],
  },
  {
    codigo: 'infectologia-hospitalar',
    nome: 'Infectologia Hospitalar',
    requisitos: ['infectologia'],
  },
  {
    codigo: 'infectologia-pediatrica',
    nome: 'Infectologia Pediátrica',
    requisitos: ['infectologia', 'pediatria'],
  },
  {
    codigo: 'mamografia',
    nome: 'Mamografia',
    requisitos: ['radiologia-e-diagnostico-por-imagem', 'mastologia', 'ginecologia-e-obstetricia'],
  },
  {
    codigo: 'medicina-aeroespacial',
    nome: 'Medicina Aeroespacial',
    requisitos: ['clinica-medica', 'medicina-intensiva', 'medicina-de-emergencia', 'cirurgia-geral', 'pediatria', 'anestesiologia'],
  },
  {
    codigo: 'medicina-do-adolescente',
    nome: 'Medicina do Adolescente',
    requisitos: ['pediatria'],
  },
  {
    codigo: 'medicina-do-sono',
    nome: 'Medicina do Sono',
    requisitos: ['clinica-medica', 'neurologia', 'otorrinolaringologia', 'pneumologia', 'psiquiatria', 'pediatria'],
  },
  {
    codigo: 'medicina-fetal',
    nome: 'Medicina Fetal',
    requisitos: ['ginecologia-e-obstetricia'],
  },
  {
    codigo: 'medicina-intensiva-pediatrica',
    nome: 'Medicina Intensiva Pediátrica',
    requisitos: ['pediatria', 'medicina-intensiva'],
  },
  {
    codigo: 'medicina-paliativa',
    nome: 'Medicina Paliativa',
    requisitos: [
      'clinica-medica',
      'oncologia-clinica',
      'geriatria',
      'medicina-de-familia-e-comunidade',
      'pediatria',
      'anestesiologia',
      'medicina-intensiva',
    ],
  },
  {
    codigo: 'medicina-tropical',
    nome: 'Medicina Tropical',
    requisitos: ['infectologia'],
  },
  {
    codigo: 'nefrologia-pediatrica',
    nome: 'Nefrologia Pediátrica',
    requisitos: ['nefrologia', 'pediatria'],
  },
  {
    codigo: 'neonatologia',
    nome: 'Neonatologia',
    requisitos: ['pediatria'],
  },
  {
    codigo: 'neurofisiologia-clinica',
    nome: 'Neurofisiologia Clínica',
    requisitos: ['neurologia', 'neurocirurgia', 'medicina-fisica-e-reabilitacao'],
  },
  {
    codigo: 'neurologia-pediatrica',
    nome: 'Neurologia Pediátrica',
    requisitos: ['neurologia', 'pediatria'],
  },
  {
    codigo: 'neurorradiologia',
    nome: 'Neurorradiologia',
    requisitos: ['radiologia-e-diagnostico-por-imagem'],
  },
  {
    codigo: 'nutricao-parenteral-e-enteral',
    nome: 'Nutrição Parenteral e Enteral',
    requisitos: [
      'nutrologia',
      'clinica-medica',
      'gastroenterologia',
      'cirurgia-geral',
      'cirurgia-do-aparelho-digestivo',
      'medicina-intensiva',
    ],
  },
  {
    codigo: 'nutricao-parenteral-e-enteral-pediatrica',
    nome: 'Nutrição Parenteral e Enteral Pediátrica',
    requisitos: ['pediatria', 'nutrologia', 'cirurgia-pediatrica'],
  },
  {
    codigo: 'nutrologia-pediatrica',
    nome: 'Nutrologia Pediátrica',
    requisitos: ['nutrologia', 'pediatria'],
  },
  {
    codigo: 'oncologia-pediatrica',
    nome: 'Oncologia Pediátrica',
    requisitos: ['pediatria', 'oncologia-clinica'],
  },
  {
    codigo: 'pneumologia-pediatrica',
    nome: 'Pneumologia Pediátrica',
    requisitos: ['pneumologia', 'pediatria'],
  },
  {
    codigo: 'psicogeriatria',
    nome: 'Psicogeriatria',
    requisitos: ['psiquiatria'],
  },
  {
    codigo: 'psicoterapia',
    nome: 'Psicoterapia',
    requisitos: ['psiquiatria'],
  },
  {
    codigo: 'psiquiatria-da-infancia-e-adolescencia',
    nome: 'Psiquiatria da Infância e Adolescência',
    requisitos: ['psiquiatria'],
  },
  {
    codigo: 'psiquiatria-forense',
    nome: 'Psiquiatria Forense',
    requisitos: ['psiquiatria'],
  },
  {
    codigo: 'radiologia-intervencionista-e-angiorradiologia',
    nome: 'Radiologia Intervencionista e Angiorradiologia',
    requisitos: ['radiologia-e-diagnostico-por-imagem'],
  },
  {
    codigo: 'reproducao-assistida',
    nome: 'Reprodução Assistida',
    requisitos: ['ginecologia-e-obstetricia'],
  },
  {
    codigo: 'reumatologia-pediatrica',
    nome: 'Reumatologia Pediátrica',
    requisitos: ['reumatologia', 'pediatria'],
  },
  {
    codigo: 'sexologia',
    nome: 'Sexologia',
    requisitos: ['ginecologia-e-obstetricia', 'psiquiatria', 'urologia'],
  },
  {
    codigo: 'toxicologia-medica',
    nome: 'Toxicologia Médica',
    requisitos: ['clinica-medica', 'medicina-intensiva', 'medicina-de-emergencia', 'pediatria', 'medicina-do-trabalho'],
  },
  {
    codigo: 'transplante-de-medula-ossea',
    nome: 'Transplante de Medula Óssea',
    requisitos: ['hematologia-e-hemoterapia', 'oncologia-clinica'],
  },
  {
    codigo: 'ultrassonografia-em-ginecologia-e-obstetricia',
    nome: 'Ultrassonografia em Ginecologia e Obstetrícia',
    requisitos: ['ginecologia-e-obstetricia', 'radiologia-e-diagnostico-por-imagem'],
  },
] as const satisfies readonly (AreaAtuacao & { readonly requisitos: readonly CodigoEspecialidade[] })[];
