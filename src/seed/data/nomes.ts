// Nomes e sobrenomes frequentes no Brasil, para gerar médicos fictícios com aparência realista.
// The lists are laid out ten to a row (prettier-ignore), which reads better than one name per line.

// prettier-ignore
export const NOMES_FEMININOS: readonly string[] = [
  'Ana', 'Maria', 'Juliana', 'Fernanda', 'Letícia', 'Camila', 'Amanda', 'Bruna', 'Beatriz', 'Larissa',
  'Gabriela', 'Mariana', 'Patrícia', 'Aline', 'Vanessa', 'Jéssica', 'Carolina', 'Natália', 'Rafaela', 'Renata',
  'Luciana', 'Adriana', 'Cristina', 'Sandra', 'Simone', 'Daniela', 'Tatiana', 'Priscila', 'Fabiana', 'Carla',
  'Débora', 'Raquel', 'Bianca', 'Isabela', 'Lívia', 'Luana', 'Manuela', 'Alice', 'Sofia', 'Helena',
  'Valentina', 'Laura', 'Lara', 'Giovana', 'Heloísa', 'Yasmin', 'Clara', 'Cecília', 'Lorena', 'Eduarda',
  'Vitória', 'Nicole', 'Sara', 'Milena', 'Thaís', 'Paula', 'Roberta', 'Viviane', 'Elaine', 'Cláudia',
  'Márcia', 'Mônica', 'Sílvia', 'Regina', 'Rosana', 'Rita', 'Teresa', 'Vera', 'Lúcia', 'Sônia',
  'Marta', 'Eliane', 'Denise', 'Kátia', 'Andreia', 'Joana', 'Flávia', 'Érica', 'Marina', 'Rosângela',
  'Cíntia', 'Gisele', 'Michele', 'Tânia', 'Ângela', 'Célia', 'Ingrid', 'Karina', 'Kelly', 'Samara',
  'Alessandra', 'Bárbara', 'Caroline', 'Catarina', 'Elisa', 'Estela', 'Glória', 'Graziela', 'Iara', 'Inês',
  'Isadora', 'Jaqueline', 'Joyce', 'Lavínia', 'Luíza', 'Marcela', 'Mirela', 'Olívia', 'Pietra', 'Rebeca',
  'Sabrina', 'Talita', 'Vânia', 'Verônica', 'Yara', 'Antônia', 'Francisca', 'Raimunda', 'Josefa', 'Aparecida',
];

// prettier-ignore
export const NOMES_MASCULINOS: readonly string[] = [
  'José', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos',
  'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Raimundo', 'Rodrigo', 'Manoel',
  'Mateus', 'André', 'Fernando', 'Fábio', 'Leonardo', 'Gustavo', 'Guilherme', 'Leandro', 'Tiago', 'Anderson',
  'Ricardo', 'Márcio', 'Jorge', 'Sebastião', 'Alexandre', 'Roberto', 'Edson', 'Diego', 'Vitor', 'Sérgio',
  'Cláudio', 'Renato', 'Júlio', 'Henrique', 'Miguel', 'Arthur', 'Heitor', 'Bernardo', 'Davi', 'Théo',
  'Lorenzo', 'Samuel', 'Enzo', 'Benjamin', 'Nicolas', 'Joaquim', 'Caio', 'Vinícius', 'Igor', 'Otávio',
  'Murilo', 'Augusto', 'César', 'Wagner', 'Wellington', 'Alex', 'Adriano', 'Alan', 'Alberto', 'Álvaro',
  'Ângelo', 'Armando', 'Benedito', 'Caetano', 'Celso', 'Cristiano', 'Danilo', 'Emerson', 'Evandro', 'Everton',
  'Fabrício', 'Flávio', 'Geraldo', 'Gilberto', 'Hélio', 'Hugo', 'Ivan', 'Jair', 'Jefferson', 'Jonas',
  'Juliano', 'Luciano', 'Marco', 'Mário', 'Maurício', 'Milton', 'Moisés', 'Nelson', 'Osvaldo', 'Patrick',
  'Reinaldo', 'Renan', 'Rogério', 'Rubens', 'Sílvio', 'Valter', 'Vicente', 'Wilson', 'Yuri', 'Breno',
  'Diogo', 'Emanuel', 'Érico', 'Ítalo', 'Kleber', 'Lauro', 'Raul', 'Tomás', 'Ulisses', 'Valdir',
];

// prettier-ignore
export const SOBRENOMES: readonly string[] = [
  // Origem portuguesa, os mais frequentes
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Melo', 'Cavalcanti', 'Monteiro', 'Moura',
  'Correia', 'Batista', 'Campos', 'Pinto', 'Reis', 'Castro', 'Borges', 'Azevedo', 'Cunha', 'Medeiros',
  'Barros', 'Farias', 'Siqueira', 'Guimarães', 'Brito', 'Xavier', 'Rezende', 'Miranda', 'Sales', 'Pires',
  'Fonseca', 'Tavares', 'Macedo', 'Leite', 'Pacheco', 'Queiroz', 'Bezerra', 'Duarte', 'Sampaio', 'Aguiar',
  'Coelho', 'Figueiredo', 'Moraes', 'Vasconcelos', 'Peixoto', 'Franco', 'Lacerda', 'Prado', 'Magalhães', 'Nogueira',
  'Paiva', 'Bastos', 'Matos', 'Mota', 'Fagundes', 'Amaral', 'Barreto', 'Brandão', 'Cabral', 'Camargo',
  'Chaves', 'Cordeiro', 'Cruz', 'Damasceno', 'Domingues', 'Esteves', 'Falcão', 'Feitosa', 'Fontes', 'Frota',
  'Galvão', 'Garcia', 'Godoy', 'Holanda', 'Jardim', 'Leal', 'Lemos', 'Lobo', 'Maciel', 'Maia',
  'Meireles', 'Menezes', 'Neves', 'Novaes', 'Pimentel', 'Porto', 'Rangel', 'Ribas', 'Sá', 'Salgado',
  'Silveira', 'Simões', 'Toledo', 'Valente', 'Viana', 'Vidal', 'Bittencourt', 'Albuquerque', 'Assis', 'Bandeira',
  'Caldeira', 'Diniz', 'Dantas', 'Faria', 'Loureiro', 'Marinho', 'Pedrosa', 'Torres', 'Vargas', 'Bueno',
  'Couto', 'Cintra', 'Quintão', 'Sobral', 'Linhares',
  // Origem italiana
  'Rossi', 'Ferrari', 'Russo', 'Romano', 'Colombo', 'Bianchi', 'Marino', 'Ricci', 'Lombardi', 'Conti',
  'Greco', 'Fontana', 'Mancini', 'Martinelli', 'Zanetti', 'Morelli', 'Caruso', 'Barbieri',
  // Origem japonesa
  'Tanaka', 'Suzuki', 'Sato', 'Watanabe', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Takahashi', 'Ito', 'Yamada',
  'Kato', 'Matsumoto', 'Inoue', 'Kimura',
  // Origem alemã e do Leste Europeu
  'Schmidt', 'Müller', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann', 'Koch', 'Krause', 'Richter',
  'Klein', 'Zimmermann', 'Kowalski',
  // Origem árabe (sírio-libanesa)
  'Haddad', 'Khoury', 'Nassar', 'Saad', 'Abdalla', 'Maluf', 'Salomão', 'Kalil', 'Farah', 'Cury',
  'Mattar', 'Chedid', 'Zogbi', 'Jabur',
];
