// Generated from docs/openapi.json by openapi-typescript (`npm run generate` here, or `npm run openapi` at the root). Do not edit.
export interface paths {
    "/api/v1/associados/situacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Situação de vários associados de uma vez (até 100)
         * @description Os seis campos da situação de cada associado pedido, por matrícula ou CPF, para o sistema de provas conferir muitos candidatos de uma vez. A resposta tem um elemento por identificador enviado, na ordem do envio (repetidos respondidos a cada vez): `{ "id": <como enviado>, "situacao": <a situação> | null }`. `null`: ninguém com esse identificador, ou associado de outra regional para um token restrito a uma. Escopo `associados:situacao` ou `associados:read`.
         *
         *     Limites: cada identificador conta como uma requisição no limite por minuto do token (o cabeçalho `RateLimit` desconta todos; um lote que custa mais do que resta recebe 429 `rate_limited` e não consome nada). Cada CPF que não encontra ninguém conta como uma consulta por CPF sem resultado; com o limite delas atingido, o lote inteiro recebe 429 `cpf_lookup_limited`, e também um lote com mais CPFs do que as consultas sem resultado que restam ao token, recusado antes da consulta, sem contar nada.
         */
        get: operations["listSituacoes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/associados/{id}/situacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Situação de um associado (ativo e adimplente?)
         * @description Os seis campos da situação de um associado, para o sistema de provas. O `{id}` é a matrícula ou o CPF. Escopo `associados:situacao` ou `associados:read`. Um token restrito a uma regional só vê associados dela (os demais: 404).
         */
        get: operations["getSituacaoAssociado"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/associados": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lista de associados
         * @description Associados que atendem a todos os filtros, paginados por cursor (cabeçalho `Link`, `rel="next"`). Ordem: por matrícula; com `updated_since`, por `atualizado_em` e depois matrícula, para que cada página saia de um índice em ordem. Escopo `associados:read`; o CPF sai mascarado sem `associados:cpf`.
         */
        get: operations["listAssociados"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/associados/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ficha completa de um associado
         * @description Dados do associado com CRMs, especialidades (com RQE) e títulos, e a adimplência. O `{id}` é a matrícula. Escopo `associados:read`.
         */
        get: operations["getAssociado"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/cursos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cursos e eventos com inscrições abertas (público)
         * @description Para o site: os cursos publicados, dentro do período de inscrição e com vagas. Sem autenticação (um cabeçalho `Authorization` é ignorado), com CORS liberado e cache público de 60 s. Uma alteração num curso aparece aqui em até 1 s.
         */
        get: operations["listCursosAbertos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cursos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cursos e eventos
         * @description Todos os cursos e eventos publicados, encerrados ou cancelados (rascunhos nunca), por data de início. Escopo `cursos:read`. Uma alteração num curso aparece aqui em até 1 s.
         */
        get: operations["listCursos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cursos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Um curso ou evento
         * @description Um curso ou evento pelo id. Rascunhos respondem 404. Escopo `cursos:read`. Uma alteração no curso aparece aqui em até 1 s.
         */
        get: operations["getCurso"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/faturas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Faturas e pagamentos
         * @description Faturas (anuidades, inscrições e taxas de prova) com seus pagamentos e NFS-e, para conciliação no ERP, paginadas por cursor. Ordem: por `id` (de emissão); com `paid_from`/`paid_to`, por `pago_em` e depois `id`; com `updated_since`, por `atualizado_em` e depois `id` (vale sobre `paid_from`/`paid_to`). Assim cada página sai de um índice em ordem e a página após 200 mil linhas custa o mesmo que a primeira. `paid_from`/`paid_to` são dias de São Paulo. Escopo `faturas:read`; um token restrito a uma regional vê só as faturas dos associados dela.
         */
        get: operations["listFaturas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/faturas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Uma fatura
         * @description A fatura, com seu pagamento e sua NFS-e, como na lista: para quem recebe um evento `fatura.*` lê-la direto. Escopo `faturas:read`; um token restrito a uma regional vê só as faturas dos associados dela (as demais: 404).
         */
        get: operations["getFatura"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/provas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Provas de título
         * @description As provas de título, por data e id: as abertas a inscrições, as realizadas, as publicadas e as canceladas. Escopo `provas:read`.
         */
        get: operations["listProvas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/provas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Uma prova de título
         * @description Uma prova pelo id. Escopo `provas:read`.
         */
        get: operations["getProva"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/provas/{id}/candidatos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Candidatos de uma prova
         * @description Os inscritos na prova, por matrícula: quem pagou a taxa (`fatura.status` `paid`, os que podem receber resultado) e quem ainda a tem em aberto. CPF mascarado, a menos que o token tenha `associados:cpf`; um token restrito a uma regional vê só os dela. Escopo `provas:read`.
         */
        get: operations["listCandidatos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/provas/{id}/resultados": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resultados de uma prova
         * @description Os resultados registrados na prova, por matrícula, com o título que cada aprovação concedeu e o `etag` que uma correção (`PUT`) deve enviar em `If-Match`. Um token restrito a uma regional vê só os dela. Escopo `provas:read`.
         */
        get: operations["listResultados"];
        put?: never;
        /**
         * Enviar resultados de uma prova (lotes de 1 a 500)
         * @description Registra os resultados de uma prova `realizada` ou `resultados_publicados`, tudo ou nada: cada item é conferido antes de qualquer gravação, e um problema em qualquer item recusa o lote inteiro (422 `invalid_results`, com a posição de cada problema). Um item igual ao já registrado é `inalterado`; um resultado diferente do registrado recusa o lote (409 `result_conflict`): corrija-o com `PUT`. Um `aprovado` concede o título da prova, numerado pelo serviço, que passa a aparecer na ficha do associado. Cada resultado gravado gera o evento `prova.resultado_registrado`.
         *
         *     Idempotência: envie `Idempotency-Key`. A resposta 200 fica guardada por 24 h com a chave, gravada junto com os resultados; repetir a chave e o corpo devolve essa resposta (`Idempotent-Replayed: true`) sem gravar de novo, também depois de uma queda entre a gravação e a resposta. Só respostas 200 ficam guardadas: um lote recusado pode ser corrigido e reenviado com a mesma chave. Com a primeira ainda em andamento: 409 `idempotency_key_in_use` com `Retry-After`.
         *
         *     Limites: cada resultado conta como uma requisição no limite por minuto do token; o corpo tem até 1 MB (413). Escopo `provas:resultados`; nenhum escopo de leitura o concede.
         */
        post: operations["enviarResultados"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/provas/{id}/resultados/{matricula}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Corrigir o resultado de um candidato
         * @description Substitui o resultado registrado de um candidato. `If-Match` é obrigatório (428 sem ele) e deve ser o `etag` atual do resultado (412 se outro o alterou antes). Passar a `aprovado` concede o título; deixar de ser `aprovado` retira o título que o resultado concedera. Gera o evento `prova.resultado_registrado`. Escopo `provas:resultados`.
         */
        put: operations["corrigirResultado"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/eventos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Eventos (o feed)
         * @description Os eventos que o token pode ver, em ordem de `sequencia`, guardados por ao menos 30 dias: o jeito de pôr em dia depois de uma queda e a integração mais simples para quem não recebe webhooks. Guarde a maior `sequencia` processada e peça `after=<ela>`: um evento cuja transação confirmou depois da de outro nunca fica para trás da sua posição. Cada tipo exige um escopo: `fatura.*` `faturas:read`; `associado.situacao_alterada` `associados:read` ou `associados:situacao`; `associado.atualizado` `associados:read`; `curso.*` `cursos:read`. Um token restrito a uma regional vê os eventos dos associados dela e os dos cursos. Escopo `faturas:read` ou `associados:read` ou `associados:situacao` ou `cursos:read` ou `provas:read`
         */
        get: operations["listEventos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "fatura.emitida": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Uma fatura foi emitida.
         * @description Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed `GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.
         */
        post: operations["webhookFaturaEmitida"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "fatura.paga": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Uma fatura foi paga.
         * @description Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed `GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.
         */
        post: operations["webhookFaturaPaga"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "fatura.estornada": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * O pagamento de uma fatura foi estornado.
         * @description Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed `GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.
         */
        post: operations["webhookFaturaEstornada"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "fatura.cancelada": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Uma fatura foi cancelada.
         * @description Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed `GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.
         */
        post: operations["webhookFaturaCancelada"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "fatura.vencida": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Uma fatura em aberto passou do vencimento.
         * @description Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed `GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.
         */
        post: operations["webhookFaturaVencida"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "associado.situacao_alterada": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mudou `associado`, `categoria` ou `adimplente` de um associado (também pela passagem de um vencimento).
         * @description Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed `GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.
         */
        post: operations["webhookAssociadoSituacaoAlterada"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "associado.atualizado": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A ficha de um associado mudou.
         * @description Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed `GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.
         */
        post: operations["webhookAssociadoAtualizado"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "curso.publicado": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Um curso foi publicado.
         * @description Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed `GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.
         */
        post: operations["webhookCursoPublicado"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "curso.atualizado": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Um curso publicado, encerrado ou cancelado mudou.
         * @description Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed `GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.
         */
        post: operations["webhookCursoAtualizado"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "prova.resultado_registrado": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * O resultado de um candidato numa prova foi registrado ou corrigido.
         * @description Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed `GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.
         */
        post: operations["webhookProvaResultadoRegistrado"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "prova.resultado_anulado": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A administração anulou o resultado de um candidato (enviado por engano): descarte-o. O sistema de provas pode enviar de novo o resultado desse candidato.
         * @description Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed `GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.
         */
        post: operations["webhookProvaResultadoAnulado"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.teste": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Um evento de teste.
         * @description Enviado por `POST`, em JSON, a cada endpoint de webhook de um token que pode ver este tipo (escopos como no feed `GET /api/v1/eventos`; um token restrito a uma regional recebe só os eventos dela e os dos cursos). Ao menos uma vez, sem ordem garantida: descarte repetidos pelo `webhook-id` e guarde a maior `sequencia` aplicada por recurso.
         */
        post: operations["webhookWebhookTeste"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * Associado
         * @description Um associado, como nas listas.
         * @example {
         *       "matricula": "000001",
         *       "nome": "Rita Ferrari",
         *       "cpf": "***.***.977-**",
         *       "categoria": "titular",
         *       "status": "ativo",
         *       "regional": "RJ",
         *       "crms": [
         *         "5568-RJ"
         *       ],
         *       "atualizado_em": "2026-08-13T09:02:00-03:00"
         *     }
         */
        Associado: {
            /**
             * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
             * @example 000001
             */
            matricula: string;
            /** @example Rita Ferrari */
            nome: string;
            /**
             * @description CPF. Mascarado (`***.***.789-**`, três dígitos no máximo) a menos que o token tenha o escopo `associados:cpf`.
             * @example ***.***.977-**
             */
            cpf: string;
            /**
             * @description Categoria de associação. `remido` e `honorario` são isentos de anuidade.
             * @example titular
             * @enum {string}
             */
            categoria: "titular" | "efetivo" | "aspirante" | "academico" | "remido" | "honorario" | "correspondente";
            /**
             * @description Situação cadastral do associado.
             * @example ativo
             * @enum {string}
             */
            status: "ativo" | "pendente" | "suspenso" | "licenciado" | "cancelado" | "falecido";
            /**
             * @description Código da regional (sigla do estado).
             * @example RJ
             */
            regional: string;
            /**
             * @description Inscrições no CRM, `número-UF`, a principal primeiro.
             * @example [
             *       "5568-RJ"
             *     ]
             */
            crms: string[];
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-08-13T09:02:00-03:00
             */
            atualizado_em: string;
        };
        /**
         * FichaAssociado
         * @description A ficha completa de um associado.
         * @example {
         *       "matricula": "000005",
         *       "nome": "Eliane Camila Sato Farah",
         *       "cpf": "***.***.818-**",
         *       "categoria": "titular",
         *       "status": "ativo",
         *       "regional": {
         *         "codigo": "SP",
         *         "nome": "Regional São Paulo"
         *       },
         *       "data_admissao": "1985-09-17",
         *       "crms": [
         *         {
         *           "uf": "SP",
         *           "numero": "3364",
         *           "situacao": "regular",
         *           "principal": true
         *         }
         *       ],
         *       "especialidades": [
         *         {
         *           "codigo": "angiologia",
         *           "nome": "Angiologia",
         *           "rqe": "16808",
         *           "uf": "SP"
         *         }
         *       ],
         *       "titulos": [
         *         {
         *           "tipo": "especialista",
         *           "nome": "Título de Especialista em Angiologia",
         *           "especialidade": "angiologia",
         *           "numero": "TE 0000007/1994",
         *           "ano": 1994
         *         }
         *       ],
         *       "adimplente": true,
         *       "atualizado_em": "2025-05-13T00:28:00-03:00"
         *     }
         */
        FichaAssociado: {
            /**
             * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
             * @example 000005
             */
            matricula: string;
            /** @example Eliane Camila Sato Farah */
            nome: string;
            /**
             * @description CPF. Mascarado (`***.***.789-**`, três dígitos no máximo) a menos que o token tenha o escopo `associados:cpf`.
             * @example ***.***.818-**
             */
            cpf: string;
            /**
             * @description Categoria de associação. `remido` e `honorario` são isentos de anuidade.
             * @example titular
             * @enum {string}
             */
            categoria: "titular" | "efetivo" | "aspirante" | "academico" | "remido" | "honorario" | "correspondente";
            /**
             * @description Situação cadastral do associado.
             * @example ativo
             * @enum {string}
             */
            status: "ativo" | "pendente" | "suspenso" | "licenciado" | "cancelado" | "falecido";
            /**
             * @example {
             *       "codigo": "SP",
             *       "nome": "Regional São Paulo"
             *     }
             */
            regional: {
                /** @example SP */
                codigo: string;
                /** @example Regional São Paulo */
                nome: string;
            };
            /**
             * Format: date
             * @example 1985-09-17
             */
            data_admissao: string;
            /**
             * @example [
             *       {
             *         "uf": "SP",
             *         "numero": "3364",
             *         "situacao": "regular",
             *         "principal": true
             *       }
             *     ]
             */
            crms: {
                /**
                 * @description Sigla do estado.
                 * @example SP
                 * @enum {string}
                 */
                uf: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                /**
                 * @description Número da inscrição (único por UF).
                 * @example 3364
                 */
                numero: string;
                /**
                 * @description Situação da inscrição no conselho.
                 * @example regular
                 * @enum {string}
                 */
                situacao: "regular" | "inoperante" | "suspenso" | "interditado" | "transferido" | "aposentado" | "cancelado" | "cassado" | "falecido";
                /**
                 * @description Se é a inscrição principal (as demais são secundárias ou provisórias).
                 * @example true
                 */
                principal: boolean;
            }[];
            /**
             * @example [
             *       {
             *         "codigo": "angiologia",
             *         "nome": "Angiologia",
             *         "rqe": "16808",
             *         "uf": "SP"
             *       }
             *     ]
             */
            especialidades: {
                /**
                 * @description Código estável da especialidade.
                 * @example angiologia
                 */
                codigo: string;
                /** @example Angiologia */
                nome: string;
                /**
                 * @description Registro de Qualificação de Especialista.
                 * @example 16808
                 */
                rqe: string;
                /**
                 * @description Sigla do estado.
                 * @example SP
                 * @enum {string}
                 */
                uf: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
            }[];
            /**
             * @example [
             *       {
             *         "tipo": "especialista",
             *         "nome": "Título de Especialista em Angiologia",
             *         "especialidade": "angiologia",
             *         "numero": "TE 0000007/1994",
             *         "ano": 1994
             *       }
             *     ]
             */
            titulos: {
                /**
                 * @description `especialista` (Título de Especialista) ou `area_atuacao` (Certificado de Área de Atuação).
                 * @example especialista
                 * @enum {string}
                 */
                tipo: "especialista" | "area_atuacao";
                /** @example Título de Especialista em Angiologia */
                nome: string;
                /**
                 * @description Código da especialidade ou da área de atuação.
                 * @example angiologia
                 */
                especialidade: string;
                /** @example TE 0000007/1994 */
                numero: string;
                /**
                 * Format: int32
                 * @example 1994
                 */
                ano: number;
            }[];
            /**
             * @description Como em /situacao.
             * @example true
             */
            adimplente: boolean;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2025-05-13T00:28:00-03:00
             */
            atualizado_em: string;
        };
        /**
         * Situacao
         * @description A situação de um associado: elegível para o sistema de provas quando `associado` e `adimplente`.
         * @example {
         *       "matricula": "000005",
         *       "nome": "Eliane Camila Sato Farah",
         *       "associado": true,
         *       "categoria": "titular",
         *       "adimplente": true,
         *       "ano_referencia": 2026
         *     }
         */
        Situacao: {
            /**
             * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
             * @example 000005
             */
            matricula: string;
            /** @example Eliane Camila Sato Farah */
            nome: string;
            /**
             * @description Se a pessoa é associada ativa (status `ativo`).
             * @example true
             */
            associado: boolean;
            /**
             * @description Categoria de associação. `remido` e `honorario` são isentos de anuidade.
             * @example titular
             * @enum {string}
             */
            categoria: "titular" | "efetivo" | "aspirante" | "academico" | "remido" | "honorario" | "correspondente";
            /**
             * @description Verdadeiro se nenhuma anuidade de ano até `ano_referencia` está em aberto após o vencimento, ou se a categoria é isenta.
             * @example true
             */
            adimplente: boolean;
            /**
             * Format: int32
             * @description Ano de referência da adimplência (ano corrente em São Paulo).
             * @example 2026
             */
            ano_referencia: number;
        };
        /**
         * SituacaoNoLote
         * @description A resposta da situação em lote para um identificador enviado, na ordem do pedido.
         * @example {
         *       "id": "000005",
         *       "situacao": {
         *         "matricula": "000005",
         *         "nome": "Eliane Camila Sato Farah",
         *         "associado": true,
         *         "categoria": "titular",
         *         "adimplente": true,
         *         "ano_referencia": 2026
         *       }
         *     }
         */
        SituacaoNoLote: {
            /**
             * @description O identificador como foi enviado: a matrícula ou o CPF, com ou sem máscara.
             * @example 000005
             */
            id: string;
            /**
             * @description A situação do associado; `null` quando ninguém tem esse identificador ou, para um token restrito a uma regional, quando é associado de outra.
             * @example {
             *       "matricula": "000005",
             *       "nome": "Eliane Camila Sato Farah",
             *       "associado": true,
             *       "categoria": "titular",
             *       "adimplente": true,
             *       "ano_referencia": 2026
             *     }
             */
            situacao: components["schemas"]["Situacao"] | null;
        };
        /**
         * Curso
         * @description Um curso ou evento.
         * @example {
         *       "id": 17,
         *       "slug": "curso-de-atualizacao-em-nutrologia-17",
         *       "titulo": "Curso de Atualização em Nutrologia",
         *       "tipo": "curso",
         *       "modalidade": "presencial",
         *       "resumo": "Curso de Atualização em Nutrologia, em Natal/RN: 12 horas de programação científica com especialistas convidados, discussão de casos e atualização de diretrizes.",
         *       "local": {
         *         "cidade": "Natal",
         *         "uf": "RN",
         *         "endereco": "Sede da Associação — Auditório Principal, Rua Voluntários da Pátria, 1093"
         *       },
         *       "data_inicio": "2024-04-16",
         *       "data_fim": "2024-04-17",
         *       "carga_horaria": 12,
         *       "pontos_cna": 6,
         *       "inscricoes": {
         *         "abertas": false,
         *         "inicio": "2024-02-26T09:00:00-03:00",
         *         "fim": "2024-04-12T23:59:00-03:00",
         *         "vagas": 110,
         *         "vagas_restantes": 44,
         *         "url": "https://eventos.associa.example/inscricoes/curso-de-atualizacao-em-nutrologia-17"
         *       },
         *       "precos": [
         *         {
         *           "categoria": "academico",
         *           "valor": "380.00"
         *         },
         *         {
         *           "categoria": "aspirante",
         *           "valor": "380.00"
         *         },
         *         {
         *           "categoria": "correspondente",
         *           "valor": "760.00"
         *         },
         *         {
         *           "categoria": "efetivo",
         *           "valor": "760.00"
         *         },
         *         {
         *           "categoria": "honorario",
         *           "valor": "0.00"
         *         },
         *         {
         *           "categoria": "nao_associado",
         *           "valor": "1360.00"
         *         },
         *         {
         *           "categoria": "remido",
         *           "valor": "0.00"
         *         },
         *         {
         *           "categoria": "titular",
         *           "valor": "760.00"
         *         }
         *       ],
         *       "status": "encerrado",
         *       "atualizado_em": "2024-04-18T10:00:00-03:00"
         *     }
         */
        Curso: {
            /**
             * Format: int32
             * @example 17
             */
            id: number;
            /** @example curso-de-atualizacao-em-nutrologia-17 */
            slug: string;
            /** @example Curso de Atualização em Nutrologia */
            titulo: string;
            /**
             * @example curso
             * @enum {string}
             */
            tipo: "curso" | "congresso" | "jornada" | "simposio" | "webinar" | "workshop";
            /**
             * @example presencial
             * @enum {string}
             */
            modalidade: "presencial" | "online" | "hibrido";
            /** @example Curso de Atualização em Nutrologia, em Natal/RN: 12 horas de programação científica com especialistas convidados, discussão de casos e atualização de diretrizes. */
            resumo: string;
            /**
             * @description Onde acontece; `null` para eventos só online.
             * @example {
             *       "cidade": "Natal",
             *       "uf": "RN",
             *       "endereco": "Sede da Associação — Auditório Principal, Rua Voluntários da Pátria, 1093"
             *     }
             */
            local: {
                /** @example Natal */
                cidade: string;
                /**
                 * @example RN
                 * @enum {string}
                 */
                uf: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                /** @example Sede da Associação — Auditório Principal, Rua Voluntários da Pátria, 1093 */
                endereco: string;
            } | null;
            /**
             * Format: date
             * @example 2024-04-16
             */
            data_inicio: string;
            /**
             * Format: date
             * @example 2024-04-17
             */
            data_fim: string;
            /**
             * Format: int32
             * @description Horas.
             * @example 12
             */
            carga_horaria: number;
            /**
             * Format: int32
             * @description Pontos na Comissão Nacional de Acreditação.
             * @example 6
             */
            pontos_cna: number;
            /**
             * @example {
             *       "abertas": false,
             *       "inicio": "2024-02-26T09:00:00-03:00",
             *       "fim": "2024-04-12T23:59:00-03:00",
             *       "vagas": 110,
             *       "vagas_restantes": 44,
             *       "url": "https://eventos.associa.example/inscricoes/curso-de-atualizacao-em-nutrologia-17"
             *     }
             */
            inscricoes: {
                /**
                 * @description Verdadeiro se o evento está publicado, agora está dentro do período de inscrição e há vagas (ou são ilimitadas).
                 * @example false
                 */
                abertas: boolean;
                /**
                 * Format: date-time
                 * @description RFC 3339, horário de São Paulo.
                 * @example 2024-02-26T09:00:00-03:00
                 */
                inicio: string;
                /**
                 * Format: date-time
                 * @description RFC 3339, horário de São Paulo.
                 * @example 2024-04-12T23:59:00-03:00
                 */
                fim: string;
                /**
                 * @description `null`: vagas ilimitadas.
                 * @example 110
                 */
                vagas: number | null;
                /**
                 * @description `null`: vagas ilimitadas.
                 * @example 44
                 */
                vagas_restantes: number | null;
                /**
                 * Format: uri
                 * @description Página de inscrição.
                 * @example https://eventos.associa.example/inscricoes/curso-de-atualizacao-em-nutrologia-17
                 */
                url: string;
            };
            /**
             * @example [
             *       {
             *         "categoria": "academico",
             *         "valor": "380.00"
             *       },
             *       {
             *         "categoria": "aspirante",
             *         "valor": "380.00"
             *       },
             *       {
             *         "categoria": "correspondente",
             *         "valor": "760.00"
             *       },
             *       {
             *         "categoria": "efetivo",
             *         "valor": "760.00"
             *       },
             *       {
             *         "categoria": "honorario",
             *         "valor": "0.00"
             *       },
             *       {
             *         "categoria": "nao_associado",
             *         "valor": "1360.00"
             *       },
             *       {
             *         "categoria": "remido",
             *         "valor": "0.00"
             *       },
             *       {
             *         "categoria": "titular",
             *         "valor": "760.00"
             *       }
             *     ]
             */
            precos: {
                /**
                 * @description Categoria de associado, ou `nao_associado` para o público.
                 * @example academico
                 * @enum {string}
                 */
                categoria: "titular" | "efetivo" | "aspirante" | "academico" | "remido" | "honorario" | "correspondente" | "nao_associado";
                /**
                 * @description Valor em reais, texto decimal com duas casas.
                 * @example 380.00
                 */
                valor: string;
            }[];
            /**
             * @description Rascunhos nunca são servidos.
             * @example encerrado
             * @enum {string}
             */
            status: "publicado" | "encerrado" | "cancelado";
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2024-04-18T10:00:00-03:00
             */
            atualizado_em: string;
        };
        /**
         * Fatura
         * @description Uma fatura, com seu pagamento e sua NFS-e.
         * @example {
         *       "id": 10777,
         *       "numero": "2026/00010777",
         *       "kind": "anuidade",
         *       "descricao": "Anuidade 2026, categoria Efetivo",
         *       "associado": {
         *         "matricula": "001910",
         *         "nome": "Caetano Silveira Cruz",
         *         "cpf": "***.***.362-**"
         *       },
         *       "ano_referencia": 2026,
         *       "curso_id": null,
         *       "prova_id": null,
         *       "valor": "850.00",
         *       "vencimento": "2026-03-31",
         *       "status": "paid",
         *       "pago_em": "2026-03-01T01:54:58-03:00",
         *       "valor_pago": "850.00",
         *       "forma_pagamento": "pix",
         *       "transacao_id": "E91248956202603010454g6jub7ql4lo",
         *       "nfse": {
         *         "numero": "104",
         *         "codigo_verificacao": "Z7HJ7CDRJ",
         *         "emitida_em": "2026-03-01T02:17:58-03:00",
         *         "municipio": "Porto Velho/RO"
         *       },
         *       "atualizado_em": "2026-03-01T02:17:58-03:00"
         *     }
         */
        Fatura: {
            /**
             * Format: int32
             * @description Cresce com a emissão: a ordem da lista.
             * @example 10777
             */
            id: number;
            /** @example 2026/00010777 */
            numero: string;
            /**
             * @description `anuidade`, `inscricao` (curso ou evento) ou `taxa_prova` (prova de título).
             * @example anuidade
             * @enum {string}
             */
            kind: "anuidade" | "inscricao" | "taxa_prova";
            /** @example Anuidade 2026, categoria Efetivo */
            descricao: string;
            /**
             * @example {
             *       "matricula": "001910",
             *       "nome": "Caetano Silveira Cruz",
             *       "cpf": "***.***.362-**"
             *     }
             */
            associado: {
                /**
                 * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                 * @example 001910
                 */
                matricula: string;
                /** @example Caetano Silveira Cruz */
                nome: string;
                /**
                 * @description Mascarado (`***.***.789-**`, três dígitos no máximo) a menos que o token tenha `associados:cpf`.
                 * @example ***.***.362-**
                 */
                cpf: string;
            };
            /**
             * @description Ano da anuidade; `null` nos demais tipos.
             * @example 2026
             */
            ano_referencia: number | null;
            /**
             * @description Curso da inscrição; `null` nos demais tipos.
             * @example 96
             */
            curso_id: number | null;
            /**
             * @description Prova da taxa de prova (`GET /provas/{id}`); `null` nos demais tipos.
             * @example null
             */
            prova_id: number | null;
            /**
             * @description Valor em reais, texto decimal com duas casas.
             * @example 850.00
             */
            valor: string;
            /**
             * Format: date
             * @example 2026-03-31
             */
            vencimento: string;
            /**
             * @description `overdue`: em aberto e vencida (calculado na consulta, com a data de São Paulo).
             * @example paid
             * @enum {string}
             */
            status: "open" | "paid" | "overdue" | "cancelled" | "refunded";
            /**
             * @description Quando foi paga; `null` se não foi.
             * @example 2026-03-01T01:54:58-03:00
             */
            pago_em: string | null;
            /**
             * @description Valor recebido, com multa e juros se paga em atraso; `null` se não foi paga.
             * @example 850.00
             */
            valor_pago: string | null;
            /**
             * @description `null` se não foi paga.
             * @example pix
             */
            forma_pagamento: ("pix" | "boleto" | "cartao_credito") | null;
            /**
             * @description PIX: id fim a fim; boleto: nosso número; cartão: NSU e autorização. `null` se não foi paga.
             * @example E91248956202603010454g6jub7ql4lo
             */
            transacao_id: string | null;
            /**
             * @description NFS-e (simulada) emitida pelo pagamento; `null` se não há.
             * @example {
             *       "numero": "104",
             *       "codigo_verificacao": "Z7HJ7CDRJ",
             *       "emitida_em": "2026-03-01T02:17:58-03:00",
             *       "municipio": "Porto Velho/RO"
             *     }
             */
            nfse: {
                /** @example 104 */
                numero: string;
                /** @example Z7HJ7CDRJ */
                codigo_verificacao: string;
                /**
                 * Format: date-time
                 * @description RFC 3339, horário de São Paulo.
                 * @example 2026-03-01T02:17:58-03:00
                 */
                emitida_em: string;
                /** @example Porto Velho/RO */
                municipio: string;
            } | null;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-03-01T02:17:58-03:00
             */
            atualizado_em: string;
        };
        /**
         * Evento
         * @description Um evento; `type` diz a forma de `dados`. Ignore tipos que não conhece: novos podem surgir na v1.
         * @example {
         *       "id": "evt_01M8C5XQC0Q6Y1BPNVR7HTTD78",
         *       "type": "fatura.paga",
         *       "sequencia": 299,
         *       "ocorrido_em": "2026-11-26T12:00:00-03:00",
         *       "dados": {
         *         "fatura_id": 11616,
         *         "numero": "2026/00011616",
         *         "kind": "inscricao",
         *         "matricula": "001725",
         *         "ano_referencia": null,
         *         "curso_id": 135,
         *         "valor": "440.00",
         *         "vencimento": "2026-11-28",
         *         "status": "paid",
         *         "pago_em": "2026-11-26T12:00:00-03:00",
         *         "valor_pago": "440.00"
         *       }
         *     }
         */
        Evento: {
            /**
             * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
             * @example evt_01M8AFQP76N4N4T16F9E5ETX2K
             */
            id: string;
            /**
             * @example fatura.emitida
             * @enum {string}
             */
            type: "fatura.emitida";
            /**
             * Format: int64
             * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
             * @example 287
             */
            sequencia: number;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-25T20:12:59-03:00
             */
            ocorrido_em: string;
            /**
             * @description A fatura após a mudança; leia o restante com `GET /api/v1/faturas/{fatura_id}`.
             * @example {
             *       "fatura_id": 11617,
             *       "numero": "2026/00011617",
             *       "kind": "inscricao",
             *       "matricula": "000493",
             *       "ano_referencia": null,
             *       "curso_id": 134,
             *       "valor": "100.00",
             *       "vencimento": "2026-11-28",
             *       "status": "open",
             *       "pago_em": null,
             *       "valor_pago": null
             *     }
             */
            dados: {
                /**
                 * Format: int64
                 * @example 11617
                 */
                fatura_id: number;
                /**
                 * @description O número da fatura, como em `GET /faturas/{id}`.
                 * @example 2026/00011617
                 */
                numero: string;
                /**
                 * @example inscricao
                 * @enum {string}
                 */
                kind: "anuidade" | "inscricao" | "taxa_prova";
                /**
                 * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                 * @example 000493
                 */
                matricula: string;
                /**
                 * @description Ano da anuidade; `null` nos demais tipos.
                 * @example null
                 */
                ano_referencia: number | null;
                /**
                 * @description Curso da inscrição; `null` nos demais tipos.
                 * @example 134
                 */
                curso_id: number | null;
                /**
                 * @description Valor em reais, texto decimal com duas casas.
                 * @example 100.00
                 */
                valor: string;
                /**
                 * Format: date
                 * @example 2026-11-28
                 */
                vencimento: string;
                /**
                 * @description O status da fatura após a mudança, como em `GET /faturas/{id}`.
                 * @example open
                 * @enum {string}
                 */
                status: "open" | "paid" | "overdue" | "cancelled" | "refunded";
                /** @example null */
                pago_em: string | null;
                /** @example null */
                valor_pago: string | null;
            };
        } | {
            /**
             * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
             * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
             */
            id: string;
            /**
             * @example fatura.paga
             * @enum {string}
             */
            type: "fatura.paga";
            /**
             * Format: int64
             * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
             * @example 299
             */
            sequencia: number;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-26T12:00:00-03:00
             */
            ocorrido_em: string;
            /**
             * @description A fatura após a mudança; leia o restante com `GET /api/v1/faturas/{fatura_id}`.
             * @example {
             *       "fatura_id": 11616,
             *       "numero": "2026/00011616",
             *       "kind": "inscricao",
             *       "matricula": "001725",
             *       "ano_referencia": null,
             *       "curso_id": 135,
             *       "valor": "440.00",
             *       "vencimento": "2026-11-28",
             *       "status": "paid",
             *       "pago_em": "2026-11-26T12:00:00-03:00",
             *       "valor_pago": "440.00"
             *     }
             */
            dados: {
                /**
                 * Format: int64
                 * @example 11616
                 */
                fatura_id: number;
                /**
                 * @description O número da fatura, como em `GET /faturas/{id}`.
                 * @example 2026/00011616
                 */
                numero: string;
                /**
                 * @example inscricao
                 * @enum {string}
                 */
                kind: "anuidade" | "inscricao" | "taxa_prova";
                /**
                 * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                 * @example 001725
                 */
                matricula: string;
                /**
                 * @description Ano da anuidade; `null` nos demais tipos.
                 * @example null
                 */
                ano_referencia: number | null;
                /**
                 * @description Curso da inscrição; `null` nos demais tipos.
                 * @example 135
                 */
                curso_id: number | null;
                /**
                 * @description Valor em reais, texto decimal com duas casas.
                 * @example 440.00
                 */
                valor: string;
                /**
                 * Format: date
                 * @example 2026-11-28
                 */
                vencimento: string;
                /**
                 * @description O status da fatura após a mudança, como em `GET /faturas/{id}`.
                 * @example paid
                 * @enum {string}
                 */
                status: "open" | "paid" | "overdue" | "cancelled" | "refunded";
                /** @example 2026-11-26T12:00:00-03:00 */
                pago_em: string | null;
                /** @example 440.00 */
                valor_pago: string | null;
            };
        } | {
            /**
             * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
             * @example evt_01M8C5XQC025MTDH6FMSSEVXXV
             */
            id: string;
            /**
             * @example fatura.estornada
             * @enum {string}
             */
            type: "fatura.estornada";
            /**
             * Format: int64
             * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
             * @example 297
             */
            sequencia: number;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-26T12:00:00-03:00
             */
            ocorrido_em: string;
            /**
             * @description A fatura após a mudança; leia o restante com `GET /api/v1/faturas/{fatura_id}`.
             * @example {
             *       "fatura_id": 11530,
             *       "numero": "2026/00011530",
             *       "kind": "inscricao",
             *       "matricula": "001486",
             *       "ano_referencia": null,
             *       "curso_id": 121,
             *       "valor": "90.00",
             *       "vencimento": "2026-11-12",
             *       "status": "refunded",
             *       "pago_em": "2026-11-11T02:53:38-03:00",
             *       "valor_pago": "90.00"
             *     }
             */
            dados: {
                /**
                 * Format: int64
                 * @example 11530
                 */
                fatura_id: number;
                /**
                 * @description O número da fatura, como em `GET /faturas/{id}`.
                 * @example 2026/00011530
                 */
                numero: string;
                /**
                 * @example inscricao
                 * @enum {string}
                 */
                kind: "anuidade" | "inscricao" | "taxa_prova";
                /**
                 * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                 * @example 001486
                 */
                matricula: string;
                /**
                 * @description Ano da anuidade; `null` nos demais tipos.
                 * @example null
                 */
                ano_referencia: number | null;
                /**
                 * @description Curso da inscrição; `null` nos demais tipos.
                 * @example 121
                 */
                curso_id: number | null;
                /**
                 * @description Valor em reais, texto decimal com duas casas.
                 * @example 90.00
                 */
                valor: string;
                /**
                 * Format: date
                 * @example 2026-11-12
                 */
                vencimento: string;
                /**
                 * @description O status da fatura após a mudança, como em `GET /faturas/{id}`.
                 * @example refunded
                 * @enum {string}
                 */
                status: "open" | "paid" | "overdue" | "cancelled" | "refunded";
                /** @example 2026-11-11T02:53:38-03:00 */
                pago_em: string | null;
                /** @example 90.00 */
                valor_pago: string | null;
            };
        } | {
            /**
             * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
             * @example evt_01M8AWNH90FZNFCC20MGD77GQ0
             */
            id: string;
            /**
             * @example fatura.cancelada
             * @enum {string}
             */
            type: "fatura.cancelada";
            /**
             * Format: int64
             * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
             * @example 291
             */
            sequencia: number;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-25T23:59:00-03:00
             */
            ocorrido_em: string;
            /**
             * @description A fatura após a mudança; leia o restante com `GET /api/v1/faturas/{fatura_id}`.
             * @example {
             *       "fatura_id": 11590,
             *       "numero": "2026/00011590",
             *       "kind": "inscricao",
             *       "matricula": "001925",
             *       "ano_referencia": null,
             *       "curso_id": 130,
             *       "valor": "360.00",
             *       "vencimento": "2026-11-24",
             *       "status": "cancelled",
             *       "pago_em": null,
             *       "valor_pago": null
             *     }
             */
            dados: {
                /**
                 * Format: int64
                 * @example 11590
                 */
                fatura_id: number;
                /**
                 * @description O número da fatura, como em `GET /faturas/{id}`.
                 * @example 2026/00011590
                 */
                numero: string;
                /**
                 * @example inscricao
                 * @enum {string}
                 */
                kind: "anuidade" | "inscricao" | "taxa_prova";
                /**
                 * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                 * @example 001925
                 */
                matricula: string;
                /**
                 * @description Ano da anuidade; `null` nos demais tipos.
                 * @example null
                 */
                ano_referencia: number | null;
                /**
                 * @description Curso da inscrição; `null` nos demais tipos.
                 * @example 130
                 */
                curso_id: number | null;
                /**
                 * @description Valor em reais, texto decimal com duas casas.
                 * @example 360.00
                 */
                valor: string;
                /**
                 * Format: date
                 * @example 2026-11-24
                 */
                vencimento: string;
                /**
                 * @description O status da fatura após a mudança, como em `GET /faturas/{id}`.
                 * @example cancelled
                 * @enum {string}
                 */
                status: "open" | "paid" | "overdue" | "cancelled" | "refunded";
                /** @example null */
                pago_em: string | null;
                /** @example null */
                valor_pago: string | null;
            };
        } | {
            /**
             * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
             * @example evt_01M85QXXW06GV4ZXRRZ11Z4WGC
             */
            id: string;
            /**
             * @example fatura.vencida
             * @enum {string}
             */
            type: "fatura.vencida";
            /**
             * Format: int64
             * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
             * @example 251
             */
            sequencia: number;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-24T00:00:00-03:00
             */
            ocorrido_em: string;
            /**
             * @description A fatura após a mudança; leia o restante com `GET /api/v1/faturas/{fatura_id}`.
             * @example {
             *       "fatura_id": 11577,
             *       "numero": "2026/00011577",
             *       "kind": "inscricao",
             *       "matricula": "001213",
             *       "ano_referencia": null,
             *       "curso_id": 134,
             *       "valor": "100.00",
             *       "vencimento": "2026-11-23",
             *       "status": "overdue",
             *       "pago_em": null,
             *       "valor_pago": null
             *     }
             */
            dados: {
                /**
                 * Format: int64
                 * @example 11577
                 */
                fatura_id: number;
                /**
                 * @description O número da fatura, como em `GET /faturas/{id}`.
                 * @example 2026/00011577
                 */
                numero: string;
                /**
                 * @example inscricao
                 * @enum {string}
                 */
                kind: "anuidade" | "inscricao" | "taxa_prova";
                /**
                 * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                 * @example 001213
                 */
                matricula: string;
                /**
                 * @description Ano da anuidade; `null` nos demais tipos.
                 * @example null
                 */
                ano_referencia: number | null;
                /**
                 * @description Curso da inscrição; `null` nos demais tipos.
                 * @example 134
                 */
                curso_id: number | null;
                /**
                 * @description Valor em reais, texto decimal com duas casas.
                 * @example 100.00
                 */
                valor: string;
                /**
                 * Format: date
                 * @example 2026-11-23
                 */
                vencimento: string;
                /**
                 * @description O status da fatura após a mudança, como em `GET /faturas/{id}`.
                 * @example overdue
                 * @enum {string}
                 */
                status: "open" | "paid" | "overdue" | "cancelled" | "refunded";
                /** @example null */
                pago_em: string | null;
                /** @example null */
                valor_pago: string | null;
            };
        } | {
            /**
             * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
             * @example evt_01M8C5XQC0J5BJ835MRZCSX4P9
             */
            id: string;
            /**
             * @example associado.situacao_alterada
             * @enum {string}
             */
            type: "associado.situacao_alterada";
            /**
             * Format: int64
             * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
             * @example 300
             */
            sequencia: number;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-26T12:00:00-03:00
             */
            ocorrido_em: string;
            /**
             * @description A situação após a mudança, com os campos de `GET /associados/{id}/situacao` (sem o nome).
             * @example {
             *       "matricula": "000005",
             *       "associado": true,
             *       "categoria": "titular",
             *       "adimplente": true,
             *       "ano_referencia": 2026,
             *       "anterior": {
             *         "associado": true,
             *         "categoria": "titular",
             *         "adimplente": false
             *       }
             *     }
             */
            dados: {
                /**
                 * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                 * @example 000005
                 */
                matricula: string;
                /**
                 * @description `status == "ativo"`.
                 * @example true
                 */
                associado: boolean;
                /**
                 * @example titular
                 * @enum {string}
                 */
                categoria: "titular" | "efetivo" | "aspirante" | "academico" | "remido" | "honorario" | "correspondente";
                /** @example true */
                adimplente: boolean;
                /**
                 * Format: int32
                 * @example 2026
                 */
                ano_referencia: number;
                /**
                 * @description A situação antes da mudança; `null` para um associado novo.
                 * @example {
                 *       "associado": true,
                 *       "categoria": "titular",
                 *       "adimplente": false
                 *     }
                 */
                anterior: {
                    /**
                     * @description `status == "ativo"`.
                     * @example true
                     */
                    associado: boolean;
                    /**
                     * @example titular
                     * @enum {string}
                     */
                    categoria: "titular" | "efetivo" | "aspirante" | "academico" | "remido" | "honorario" | "correspondente";
                    /** @example false */
                    adimplente: boolean;
                } | null;
            };
        } | {
            /**
             * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
             * @example evt_01M8C5XQC0BHV22VRWNQNA9VQE
             */
            id: string;
            /**
             * @example associado.atualizado
             * @enum {string}
             */
            type: "associado.atualizado";
            /**
             * Format: int64
             * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
             * @example 301
             */
            sequencia: number;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-26T12:00:00-03:00
             */
            ocorrido_em: string;
            /**
             * @description O associado após a mudança; leia a ficha com `GET /api/v1/associados/{matricula}`.
             * @example {
             *       "matricula": "000005",
             *       "status": "ativo",
             *       "categoria": "titular",
             *       "regional": "SP"
             *     }
             */
            dados: {
                /**
                 * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                 * @example 000005
                 */
                matricula: string;
                /**
                 * @example ativo
                 * @enum {string}
                 */
                status: "ativo" | "pendente" | "suspenso" | "licenciado" | "cancelado" | "falecido";
                /**
                 * @example titular
                 * @enum {string}
                 */
                categoria: "titular" | "efetivo" | "aspirante" | "academico" | "remido" | "honorario" | "correspondente";
                /**
                 * @example SP
                 * @enum {string}
                 */
                regional: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
            };
        } | {
            /**
             * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
             * @example evt_01M6P3JMC0YF0EWBQQ3SDA5B5R
             */
            id: string;
            /**
             * @example curso.publicado
             * @enum {string}
             */
            type: "curso.publicado";
            /**
             * Format: int64
             * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
             * @example 73
             */
            sequencia: number;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-05T12:00:00-03:00
             */
            ocorrido_em: string;
            /**
             * @description O curso após a mudança; leia-o com `GET /api/v1/cursos/{curso_id}`.
             * @example {
             *       "curso_id": 154,
             *       "slug": "curso-de-atualizacao-em-dermatologia-154",
             *       "status": "publicado",
             *       "data_inicio": "2027-09-24",
             *       "inscricao_inicio": "2027-08-08T09:00:00-03:00",
             *       "inscricao_fim": "2027-09-18T23:59:00-03:00"
             *     }
             */
            dados: {
                /**
                 * Format: int64
                 * @example 154
                 */
                curso_id: number;
                /** @example curso-de-atualizacao-em-dermatologia-154 */
                slug: string;
                /**
                 * @description `rascunho`: o curso deixou de ser publicado (e não é mais servido).
                 * @example publicado
                 * @enum {string}
                 */
                status: "rascunho" | "publicado" | "encerrado" | "cancelado";
                /**
                 * Format: date
                 * @example 2027-09-24
                 */
                data_inicio: string;
                /**
                 * Format: date-time
                 * @description RFC 3339, horário de São Paulo.
                 * @example 2027-08-08T09:00:00-03:00
                 */
                inscricao_inicio: string;
                /**
                 * Format: date-time
                 * @description RFC 3339, horário de São Paulo.
                 * @example 2027-09-18T23:59:00-03:00
                 */
                inscricao_fim: string;
            };
        } | {
            /**
             * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
             * @example evt_01M8C5XQC0H5Y29JREW4RQZGQ3
             */
            id: string;
            /**
             * @example curso.atualizado
             * @enum {string}
             */
            type: "curso.atualizado";
            /**
             * Format: int64
             * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
             * @example 302
             */
            sequencia: number;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-26T12:00:00-03:00
             */
            ocorrido_em: string;
            /**
             * @description O curso após a mudança; leia-o com `GET /api/v1/cursos/{curso_id}`.
             * @example {
             *       "curso_id": 17,
             *       "slug": "curso-de-atualizacao-em-nutrologia-17",
             *       "status": "encerrado",
             *       "data_inicio": "2024-04-16",
             *       "inscricao_inicio": "2024-02-26T09:00:00-03:00",
             *       "inscricao_fim": "2024-04-12T23:59:00-03:00"
             *     }
             */
            dados: {
                /**
                 * Format: int64
                 * @example 17
                 */
                curso_id: number;
                /** @example curso-de-atualizacao-em-nutrologia-17 */
                slug: string;
                /**
                 * @description `rascunho`: o curso deixou de ser publicado (e não é mais servido).
                 * @example encerrado
                 * @enum {string}
                 */
                status: "rascunho" | "publicado" | "encerrado" | "cancelado";
                /**
                 * Format: date
                 * @example 2024-04-16
                 */
                data_inicio: string;
                /**
                 * Format: date-time
                 * @description RFC 3339, horário de São Paulo.
                 * @example 2024-02-26T09:00:00-03:00
                 */
                inscricao_inicio: string;
                /**
                 * Format: date-time
                 * @description RFC 3339, horário de São Paulo.
                 * @example 2024-04-12T23:59:00-03:00
                 */
                inscricao_fim: string;
            };
        } | {
            /**
             * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
             * @example evt_01M8C6J4RZ9X2M7Q5D8E6F1G0H
             */
            id: string;
            /**
             * @example prova.resultado_registrado
             * @enum {string}
             */
            type: "prova.resultado_registrado";
            /**
             * Format: int64
             * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
             * @example 312
             */
            sequencia: number;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-26T12:05:31-03:00
             */
            ocorrido_em: string;
            /**
             * @description O resultado após a mudança; leia-o com `GET /api/v1/provas/{prova_id}/resultados`.
             * @example {
             *       "prova_id": 331,
             *       "matricula": "000016",
             *       "resultado": "aprovado",
             *       "nota": "8.75",
             *       "titulo_id": 5531
             *     }
             */
            dados: {
                /**
                 * Format: int64
                 * @example 331
                 */
                prova_id: number;
                /**
                 * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                 * @example 000016
                 */
                matricula: string;
                /**
                 * @example aprovado
                 * @enum {string}
                 */
                resultado: "aprovado" | "reprovado" | "ausente";
                /**
                 * @description De `0.00` a `10.00`; `null` para `ausente`.
                 * @example 8.75
                 */
                nota: string | null;
                /**
                 * @description O título que o resultado concedeu; `null` se nenhum.
                 * @example 5531
                 */
                titulo_id: number | null;
            };
        } | {
            /**
             * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
             * @example evt_01M8C7Q2XW4N8B6V3K9T5R1Y7E
             */
            id: string;
            /**
             * @example prova.resultado_anulado
             * @enum {string}
             */
            type: "prova.resultado_anulado";
            /**
             * Format: int64
             * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
             * @example 313
             */
            sequencia: number;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-26T15:42:08-03:00
             */
            ocorrido_em: string;
            /**
             * @description O resultado como estava ao ser anulado; `titulo_id` é o título retirado com ele.
             * @example {
             *       "prova_id": 331,
             *       "matricula": "000016",
             *       "resultado": "aprovado",
             *       "nota": "8.75",
             *       "titulo_id": 5531
             *     }
             */
            dados: {
                /**
                 * Format: int64
                 * @example 331
                 */
                prova_id: number;
                /**
                 * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                 * @example 000016
                 */
                matricula: string;
                /**
                 * @example aprovado
                 * @enum {string}
                 */
                resultado: "aprovado" | "reprovado" | "ausente";
                /**
                 * @description De `0.00` a `10.00`; `null` para `ausente`.
                 * @example 8.75
                 */
                nota: string | null;
                /**
                 * @description O título que o resultado concedeu; `null` se nenhum.
                 * @example 5531
                 */
                titulo_id: number | null;
            };
        };
        /**
         * Prova
         * @description Uma edição da prova de título.
         * @example {
         *       "id": 331,
         *       "codigo": "TE-DEMO-2026",
         *       "tipo_titulo": "especialista",
         *       "especialidade": {
         *         "codigo": "clinica-medica",
         *         "nome": "Clínica Médica"
         *       },
         *       "data": "2026-11-19",
         *       "status": "realizada",
         *       "atualizado_em": "2026-11-20T09:00:00-03:00"
         *     }
         */
        Prova: {
            /**
             * Format: int32
             * @example 331
             */
            id: number;
            /**
             * @description Ex.: `TE-CARDIO-2026`.
             * @example TE-DEMO-2026
             */
            codigo: string;
            /**
             * @description `especialista` (Título de Especialista) ou `area_atuacao` (Certificado de Área de Atuação).
             * @example especialista
             * @enum {string}
             */
            tipo_titulo: "especialista" | "area_atuacao";
            /**
             * @example {
             *       "codigo": "clinica-medica",
             *       "nome": "Clínica Médica"
             *     }
             */
            especialidade: {
                /**
                 * @description Código da especialidade ou da área de atuação.
                 * @example clinica-medica
                 */
                codigo: string;
                /** @example Clínica Médica */
                nome: string;
            };
            /**
             * Format: date
             * @description O dia da prova; `ano` dos títulos que ela concede.
             * @example 2026-11-19
             */
            data: string;
            /**
             * @description `inscricoes_abertas`, `realizada` (aguarda resultados), `resultados_publicados` ou `cancelada`. Resultados são aceitos em `realizada` e `resultados_publicados`.
             * @example realizada
             * @enum {string}
             */
            status: "inscricoes_abertas" | "realizada" | "resultados_publicados" | "cancelada";
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-20T09:00:00-03:00
             */
            atualizado_em: string;
        };
        /**
         * Candidato
         * @description Um associado inscrito na prova (com a taxa paga ou em aberto).
         * @example {
         *       "matricula": "000016",
         *       "nome": "Sérgio Geraldo Zogbi Rangel",
         *       "cpf": "***.***.628-**",
         *       "fatura": {
         *         "id": 11618,
         *         "status": "paid"
         *       }
         *     }
         */
        Candidato: {
            /**
             * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
             * @example 000016
             */
            matricula: string;
            /** @example Sérgio Geraldo Zogbi Rangel */
            nome: string;
            /**
             * @description Mascarado (`***.***.789-**`, três dígitos no máximo) a menos que o token tenha `associados:cpf`.
             * @example ***.***.628-**
             */
            cpf: string;
            /**
             * @example {
             *       "id": 11618,
             *       "status": "paid"
             *     }
             */
            fatura: {
                /**
                 * Format: int32
                 * @example 11618
                 */
                id: number;
                /**
                 * @description A taxa da prova: só quem a pagou (`paid`) pode receber resultado; `open` e `overdue` ainda podem pagar.
                 * @example paid
                 * @enum {string}
                 */
                status: "paid" | "open" | "overdue";
            };
        };
        /**
         * Resultado
         * @description O resultado de um candidato na prova.
         * @example {
         *       "matricula": "000016",
         *       "nome": "Sérgio Geraldo Zogbi Rangel",
         *       "resultado": "aprovado",
         *       "nota": "8.75",
         *       "titulo": {
         *         "numero": "TE-DEMO-2026/0001",
         *         "tipo": "especialista",
         *         "especialidade": "clinica-medica",
         *         "ano": 2026
         *       },
         *       "etag": "\"331-16-1\"",
         *       "registrado_em": "2026-11-26T12:05:31-03:00",
         *       "atualizado_em": "2026-11-26T12:05:31-03:00"
         *     }
         */
        Resultado: {
            /**
             * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
             * @example 000016
             */
            matricula: string;
            /** @example Sérgio Geraldo Zogbi Rangel */
            nome: string;
            /**
             * @description `aprovado` concede o título da prova; `ausente` não tem nota.
             * @example aprovado
             * @enum {string}
             */
            resultado: "aprovado" | "reprovado" | "ausente";
            /**
             * @description De `0.00` a `10.00`; `null` para `ausente`.
             * @example 8.75
             */
            nota: string | null;
            /**
             * @description O título que a aprovação concedeu (aparece na ficha do associado); `null` para os demais resultados.
             * @example {
             *       "numero": "TE-DEMO-2026/0001",
             *       "tipo": "especialista",
             *       "especialidade": "clinica-medica",
             *       "ano": 2026
             *     }
             */
            titulo: {
                /**
                 * @description Dado pelo serviço: o código da prova e uma sequência (`TE-CARDIO-2026/0001`).
                 * @example TE-DEMO-2026/0001
                 */
                numero: string;
                /**
                 * @example especialista
                 * @enum {string}
                 */
                tipo: "especialista" | "area_atuacao";
                /** @example clinica-medica */
                especialidade: string;
                /**
                 * Format: int32
                 * @example 2026
                 */
                ano: number;
            } | null;
            /**
             * @description A versão do resultado: envie-a em `If-Match` para corrigi-lo (`PUT`).
             * @example "331-16-1"
             */
            etag: string;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-26T12:05:31-03:00
             */
            registrado_em: string;
            /**
             * Format: date-time
             * @description RFC 3339, horário de São Paulo.
             * @example 2026-11-26T12:05:31-03:00
             */
            atualizado_em: string;
        };
        /**
         * ResultadosEnviados
         * @description O lote registrado: a prova e cada resultado, na ordem do envio.
         * @example {
         *       "prova": {
         *         "id": 331,
         *         "codigo": "TE-DEMO-2026",
         *         "tipo_titulo": "especialista",
         *         "especialidade": {
         *           "codigo": "clinica-medica",
         *           "nome": "Clínica Médica"
         *         },
         *         "data": "2026-11-19",
         *         "status": "realizada",
         *         "atualizado_em": "2026-11-20T09:00:00-03:00"
         *       },
         *       "resultados": [
         *         {
         *           "posicao": 0,
         *           "matricula": "000016",
         *           "resultado": "aprovado",
         *           "nota": "8.75",
         *           "estado": "criado",
         *           "titulo": {
         *             "numero": "TE-DEMO-2026/0001",
         *             "tipo": "especialista",
         *             "especialidade": "clinica-medica",
         *             "ano": 2026
         *           }
         *         },
         *         {
         *           "posicao": 1,
         *           "matricula": "000041",
         *           "resultado": "reprovado",
         *           "nota": "5.50",
         *           "estado": "criado",
         *           "titulo": null
         *         },
         *         {
         *           "posicao": 2,
         *           "matricula": "000046",
         *           "resultado": "ausente",
         *           "nota": null,
         *           "estado": "criado",
         *           "titulo": null
         *         }
         *       ]
         *     }
         */
        ResultadosEnviados: {
            /**
             * @description A prova, como em `GET /api/v1/provas/{id}`.
             * @example {
             *       "id": 331,
             *       "codigo": "TE-DEMO-2026",
             *       "tipo_titulo": "especialista",
             *       "especialidade": {
             *         "codigo": "clinica-medica",
             *         "nome": "Clínica Médica"
             *       },
             *       "data": "2026-11-19",
             *       "status": "realizada",
             *       "atualizado_em": "2026-11-20T09:00:00-03:00"
             *     }
             */
            prova: components["schemas"]["Prova"];
            /**
             * @example [
             *       {
             *         "posicao": 0,
             *         "matricula": "000016",
             *         "resultado": "aprovado",
             *         "nota": "8.75",
             *         "estado": "criado",
             *         "titulo": {
             *           "numero": "TE-DEMO-2026/0001",
             *           "tipo": "especialista",
             *           "especialidade": "clinica-medica",
             *           "ano": 2026
             *         }
             *       },
             *       {
             *         "posicao": 1,
             *         "matricula": "000041",
             *         "resultado": "reprovado",
             *         "nota": "5.50",
             *         "estado": "criado",
             *         "titulo": null
             *       },
             *       {
             *         "posicao": 2,
             *         "matricula": "000046",
             *         "resultado": "ausente",
             *         "nota": null,
             *         "estado": "criado",
             *         "titulo": null
             *       }
             *     ]
             */
            resultados: {
                /**
                 * Format: int32
                 * @description A posição do item no lote enviado.
                 * @example 0
                 */
                posicao: number;
                /**
                 * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                 * @example 000016
                 */
                matricula: string;
                /**
                 * @description `aprovado` concede o título da prova; `ausente` não tem nota.
                 * @example aprovado
                 * @enum {string}
                 */
                resultado: "aprovado" | "reprovado" | "ausente";
                /**
                 * @description De `0.00` a `10.00`; `null` para `ausente`.
                 * @example 8.75
                 */
                nota: string | null;
                /**
                 * @description `criado`: registrado agora; `inalterado`: igual ao já registrado (nada mudou).
                 * @example criado
                 * @enum {string}
                 */
                estado: "criado" | "inalterado";
                /**
                 * @description O título que a aprovação concedeu (aparece na ficha do associado); `null` para os demais resultados.
                 * @example {
                 *       "numero": "TE-DEMO-2026/0001",
                 *       "tipo": "especialista",
                 *       "especialidade": "clinica-medica",
                 *       "ano": 2026
                 *     }
                 */
                titulo: {
                    /**
                     * @description Dado pelo serviço: o código da prova e uma sequência (`TE-CARDIO-2026/0001`).
                     * @example TE-DEMO-2026/0001
                     */
                    numero: string;
                    /**
                     * @example especialista
                     * @enum {string}
                     */
                    tipo: "especialista" | "area_atuacao";
                    /** @example clinica-medica */
                    especialidade: string;
                    /**
                     * Format: int32
                     * @example 2026
                     */
                    ano: number;
                } | null;
            }[];
        };
        /**
         * Problem
         * @description RFC 9457 problem details.
         * @example {
         *       "type": "http://127.0.0.1:3000/problems/invalid-parameter",
         *       "title": "Parâmetro inválido",
         *       "status": 400,
         *       "detail": "paid_from: esperada uma data AAAA-MM-DD válida; recebido '2026-02-30'.",
         *       "instance": "/api/v1/faturas?paid_from=2026-02-30",
         *       "code": "invalid_parameter",
         *       "request_id": "5fe2e550-b773-4173-a4d1-165c0541b5bc",
         *       "errors": [
         *         {
         *           "parameter": "paid_from",
         *           "message": "esperada uma data AAAA-MM-DD válida; recebido '2026-02-30'"
         *         }
         *       ]
         *     }
         */
        Problem: {
            /**
             * Format: uri
             * @description URL de uma página que explica o tipo de problema.
             * @example http://127.0.0.1:3000/problems/invalid-parameter
             */
            type: string;
            /**
             * @description O título do tipo de problema, em português.
             * @example Parâmetro inválido
             */
            title: string;
            /**
             * Format: int32
             * @description O status HTTP da resposta.
             * @example 400
             */
            status: number;
            /**
             * @description Explicação para pessoas, em português.
             * @example paid_from: esperada uma data AAAA-MM-DD válida; recebido '2026-02-30'.
             */
            detail: string;
            /**
             * @description O caminho e a consulta da requisição.
             * @example /api/v1/faturas?paid_from=2026-02-30
             */
            instance: string;
            /**
             * @description Código estável para programas.
             * @example invalid_parameter
             * @enum {string}
             */
            code: "bad_request" | "invalid_parameter" | "unknown_parameter" | "invalid_cursor" | "not_found" | "token_missing" | "token_invalid" | "token_revoked" | "token_expired" | "insufficient_scope" | "method_not_allowed" | "not_acceptable" | "invalid_body" | "request_timeout" | "precondition_failed" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "invalid_results" | "idempotency_key_reused" | "result_conflict" | "idempotency_key_in_use" | "precondition_required" | "headers_too_large" | "rate_limited" | "cpf_lookup_limited" | "concurrency_limited" | "internal_error" | "service_unavailable";
            /**
             * @description O mesmo valor do cabeçalho X-Request-Id.
             * @example 5fe2e550-b773-4173-a4d1-165c0541b5bc
             */
            request_id: string;
            /**
             * @description Os parâmetros recusados, quando o problema é de parâmetros; os itens recusados (`posicao`, `campo`, `codigo`, `mensagem`), quando é de um lote enviado (os 500 primeiros).
             * @example [
             *       {
             *         "parameter": "paid_from",
             *         "message": "esperada uma data AAAA-MM-DD válida; recebido '2026-02-30'"
             *       }
             *     ]
             */
            errors?: ({
                /**
                 * @description O parâmetro recusado.
                 * @example paid_from
                 */
                parameter: string;
                /**
                 * @description O que se espera dele.
                 * @example esperada uma data AAAA-MM-DD válida; recebido '2026-02-30'
                 */
                message: string;
            } | {
                /**
                 * @description A posição do item no lote, a partir de 0; `null` quando o problema é do lote ou da prova.
                 * @example null
                 */
                posicao: number | null;
                /**
                 * @description O campo recusado (`candidato`, `resultado`, `nota`…).
                 * @example null
                 */
                campo: string;
                /**
                 * @description Código estável do problema do item.
                 * @example null
                 */
                codigo: string;
                /**
                 * @description O problema, em português.
                 * @example null
                 */
                mensagem: string;
            })[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listSituacoes: {
        parameters: {
            query: {
                /**
                 * @description De 1 a 100 identificadores separados por vírgula (ou o parâmetro repetido), misturados à vontade: matrículas (até 10 dígitos, com ou sem zeros à esquerda) e CPFs (com ou sem máscara; dígitos verificadores conferidos). Um identificador inválido, vazio ou além do centésimo recusa a requisição inteira (400, com a posição de cada um em `errors`).
                 * @example [
                 *       "000005",
                 *       "002.433.818-40"
                 *     ]
                 */
                id: string[];
            };
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Um elemento por identificador enviado, na mesma ordem. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "000005",
                     *         "situacao": {
                     *           "matricula": "000005",
                     *           "nome": "Eliane Camila Sato Farah",
                     *           "associado": true,
                     *           "categoria": "titular",
                     *           "adimplente": true,
                     *           "ano_referencia": 2026
                     *         }
                     *       },
                     *       {
                     *         "id": "223.997.708-62",
                     *         "situacao": {
                     *           "matricula": "000464",
                     *           "nome": "Ítalo Roberto Rocha",
                     *           "associado": true,
                     *           "categoria": "titular",
                     *           "adimplente": false,
                     *           "ano_referencia": 2026
                     *         }
                     *       },
                     *       {
                     *         "id": "000069",
                     *         "situacao": {
                     *           "matricula": "000069",
                     *           "nome": "Raul Araújo",
                     *           "associado": false,
                     *           "categoria": "titular",
                     *           "adimplente": true,
                     *           "ano_referencia": 2026
                     *         }
                     *       },
                     *       {
                     *         "id": "965.922.978-08",
                     *         "situacao": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["SituacaoNoLote"][];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `cpf_lookup_limited`: Limite de consultas por CPF atingido; `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSituacaoAssociado: {
        parameters: {
            query?: never;
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Matrícula (ex.: 000005) ou, nesta operação, CPF (000.000.000-00 ou 11 dígitos). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A situação do associado. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "matricula": "000005",
                     *       "nome": "Eliane Camila Sato Farah",
                     *       "associado": true,
                     *       "categoria": "titular",
                     *       "adimplente": true,
                     *       "ano_referencia": 2026
                     *     }
                     */
                    "application/json": components["schemas"]["Situacao"];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: Recurso não encontrado */
            404: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `cpf_lookup_limited`: Limite de consultas por CPF atingido; `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAssociados: {
        parameters: {
            query?: {
                /**
                 * @description CPF com ou sem máscara; dígitos verificadores conferidos.
                 * @example 002.433.818-40
                 */
                cpf?: string;
                /**
                 * @description Número do CRM, com ou sem UF: `123456`, `123456-SP`, `123456/SP`, `SP123456`, `CRM-SP 123456`. Sem UF, vale em qualquer estado.
                 * @example 3364-SP
                 */
                crm?: string;
                /**
                 * @description Situação: ativo, pendente, suspenso, licenciado, cancelado, falecido. Um valor, uma lista separada por vírgulas ou o parâmetro repetido (OU entre os valores).
                 * @example [
                 *       "ativo"
                 *     ]
                 */
                status?: ("ativo" | "pendente" | "suspenso" | "licenciado" | "cancelado" | "falecido")[];
                /**
                 * @description Código da regional (sigla do estado, maiúsculas ou minúsculas). Um valor, uma lista separada por vírgulas ou o parâmetro repetido (OU entre os valores).
                 * @example [
                 *       "SP"
                 *     ]
                 */
                regional?: ("AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO")[];
                /**
                 * @description Instante RFC 3339 com fuso (Z ou de -14:00 a +14:00), de 0001-01-01T00:00:00.000Z a 9999-12-31T23:59:59.999Z: só associados alterados a partir dele (sincronização incremental). Uma alteração cuja transação ainda não terminou, ou feita no último segundo, vem na sincronização seguinte: guardar o maior `atualizado_em` recebido não perde nenhuma.
                 * @example 2026-03-01T00:00:00-03:00
                 */
                updated_since?: string;
                /** @description Itens por página, de 1 a 500 (padrão 100). Fora disso: 400, nunca ajustado em silêncio. */
                limit?: number;
                /** @description Cursor opaco da próxima página, tirado do cabeçalho `Link` (`rel="next"`). Vale só com os mesmos filtros. */
                cursor?: string;
            };
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de associados. Sem `rel="next"` no cabeçalho `Link`, é a última. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "matricula": "000001",
                     *         "nome": "Rita Ferrari",
                     *         "cpf": "***.***.977-**",
                     *         "categoria": "titular",
                     *         "status": "ativo",
                     *         "regional": "RJ",
                     *         "crms": [
                     *           "5568-RJ"
                     *         ],
                     *         "atualizado_em": "2026-08-13T09:02:00-03:00"
                     *       },
                     *       {
                     *         "matricula": "000002",
                     *         "nome": "Marcos Hélio Ribas Azevedo",
                     *         "cpf": "***.***.685-**",
                     *         "categoria": "remido",
                     *         "status": "falecido",
                     *         "regional": "BA",
                     *         "crms": [
                     *           "4702-BA"
                     *         ],
                     *         "atualizado_em": "2026-01-09T10:46:00-03:00"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Associado"][];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido; `invalid_cursor`: Cursor inválido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `cpf_lookup_limited`: Limite de consultas por CPF atingido; `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAssociado: {
        parameters: {
            query?: never;
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description Matrícula (ex.: 000005).
                 * @example 000005
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A ficha do associado. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "matricula": "000005",
                     *       "nome": "Eliane Camila Sato Farah",
                     *       "cpf": "***.***.818-**",
                     *       "categoria": "titular",
                     *       "status": "ativo",
                     *       "regional": {
                     *         "codigo": "SP",
                     *         "nome": "Regional São Paulo"
                     *       },
                     *       "data_admissao": "1985-09-17",
                     *       "crms": [
                     *         {
                     *           "uf": "SP",
                     *           "numero": "3364",
                     *           "situacao": "regular",
                     *           "principal": true
                     *         }
                     *       ],
                     *       "especialidades": [
                     *         {
                     *           "codigo": "angiologia",
                     *           "nome": "Angiologia",
                     *           "rqe": "16808",
                     *           "uf": "SP"
                     *         }
                     *       ],
                     *       "titulos": [
                     *         {
                     *           "tipo": "especialista",
                     *           "nome": "Título de Especialista em Angiologia",
                     *           "especialidade": "angiologia",
                     *           "numero": "TE 0000007/1994",
                     *           "ano": 1994
                     *         }
                     *       ],
                     *       "adimplente": true,
                     *       "atualizado_em": "2025-05-13T00:28:00-03:00"
                     *     }
                     */
                    "application/json": components["schemas"]["FichaAssociado"];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: Recurso não encontrado */
            404: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCursosAbertos: {
        parameters: {
            query?: {
                /** @description Itens por página, de 1 a 500 (padrão 100). Fora disso: 400, nunca ajustado em silêncio. */
                limit?: number;
                /** @description Cursor opaco da próxima página, tirado do cabeçalho `Link` (`rel="next"`). Vale só com os mesmos filtros. */
                cursor?: string;
            };
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de cursos, por data de início e id. Sem `rel="next"` no cabeçalho `Link`, é a última. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `public, max-age=60, stale-while-revalidate=300`: qualquer cache pode guardá-la por 60 s, e servi-la por mais 300 s enquanto a revalida. */
                    "Cache-Control"?: "public, max-age=60, stale-while-revalidate=300";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. */
                    Link?: string;
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description `*`: a lista pública pode ser lida de qualquer site. */
                    "Access-Control-Allow-Origin"?: "*";
                    /** @description Os cabeçalhos que a página pode ler além dos básicos. */
                    "Access-Control-Expose-Headers"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 122,
                     *         "slug": "curso-de-atualizacao-em-ortopedia-e-traumatologia-122",
                     *         "titulo": "Curso de Atualização em Ortopedia e Traumatologia",
                     *         "tipo": "curso",
                     *         "modalidade": "hibrido",
                     *         "resumo": "Curso de Atualização em Ortopedia e Traumatologia, em São Paulo/SP: 8 horas de programação científica com especialistas convidados, discussão de casos e atualização de diretrizes.",
                     *         "local": {
                     *           "cidade": "São Paulo",
                     *           "uf": "SP",
                     *           "endereco": "Laboratório de Habilidades Cirúrgicas da Regional, Avenida Sete de Setembro, 293"
                     *         },
                     *         "data_inicio": "2026-12-04",
                     *         "data_fim": "2026-12-04",
                     *         "carga_horaria": 8,
                     *         "pontos_cna": 4,
                     *         "inscricoes": {
                     *           "abertas": true,
                     *           "inicio": "2026-10-13T09:00:00-03:00",
                     *           "fim": "2026-11-27T23:59:00-03:00",
                     *           "vagas": 140,
                     *           "vagas_restantes": 32,
                     *           "url": "https://eventos.associa.example/inscricoes/curso-de-atualizacao-em-ortopedia-e-traumatologia-122"
                     *         },
                     *         "precos": [
                     *           {
                     *             "categoria": "academico",
                     *             "valor": "370.00"
                     *           },
                     *           {
                     *             "categoria": "aspirante",
                     *             "valor": "370.00"
                     *           },
                     *           {
                     *             "categoria": "correspondente",
                     *             "valor": "740.00"
                     *           },
                     *           {
                     *             "categoria": "efetivo",
                     *             "valor": "740.00"
                     *           },
                     *           {
                     *             "categoria": "honorario",
                     *             "valor": "0.00"
                     *           },
                     *           {
                     *             "categoria": "nao_associado",
                     *             "valor": "1330.00"
                     *           },
                     *           {
                     *             "categoria": "remido",
                     *             "valor": "0.00"
                     *           },
                     *           {
                     *             "categoria": "titular",
                     *             "valor": "740.00"
                     *           }
                     *         ],
                     *         "status": "publicado",
                     *         "atualizado_em": "2026-09-15T09:00:00-03:00"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Curso"][];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `public, max-age=60, stale-while-revalidate=300`: qualquer cache pode guardá-la por 60 s, e servi-la por mais 300 s enquanto a revalida. */
                    "Cache-Control"?: "public, max-age=60, stale-while-revalidate=300";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. */
                    Link?: string;
                    /** @description `*`: a lista pública pode ser lida de qualquer site. */
                    "Access-Control-Allow-Origin"?: "*";
                    /** @description Os cabeçalhos que a página pode ler além dos básicos. */
                    "Access-Control-Expose-Headers"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido; `invalid_cursor`: Cursor inválido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description `*`: a lista pública pode ser lida de qualquer site. */
                    "Access-Control-Allow-Origin"?: "*";
                    /** @description Os cabeçalhos que a página pode ler além dos básicos. */
                    "Access-Control-Expose-Headers"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description `*`: a lista pública pode ser lida de qualquer site. */
                    "Access-Control-Allow-Origin"?: "*";
                    /** @description Os cabeçalhos que a página pode ler além dos básicos. */
                    "Access-Control-Expose-Headers"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description `*`: a lista pública pode ser lida de qualquer site. */
                    "Access-Control-Allow-Origin"?: "*";
                    /** @description Os cabeçalhos que a página pode ler além dos básicos. */
                    "Access-Control-Expose-Headers"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description `*`: a lista pública pode ser lida de qualquer site. */
                    "Access-Control-Allow-Origin"?: "*";
                    /** @description Os cabeçalhos que a página pode ler além dos básicos. */
                    "Access-Control-Expose-Headers"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description `*`: a lista pública pode ser lida de qualquer site. */
                    "Access-Control-Allow-Origin"?: "*";
                    /** @description Os cabeçalhos que a página pode ler além dos básicos. */
                    "Access-Control-Expose-Headers"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCursos: {
        parameters: {
            query?: {
                /** @description Itens por página, de 1 a 500 (padrão 100). Fora disso: 400, nunca ajustado em silêncio. */
                limit?: number;
                /** @description Cursor opaco da próxima página, tirado do cabeçalho `Link` (`rel="next"`). Vale só com os mesmos filtros. */
                cursor?: string;
            };
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de cursos, por data de início e id. Sem `rel="next"` no cabeçalho `Link`, é a última. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `private, no-cache`: só o cache do próprio cliente pode guardá-la, e deve revalidá-la (`If-None-Match`) antes de cada uso. */
                    "Cache-Control"?: "private, no-cache";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "slug": "webinar-novidades-em-medicina-legal-e-pericia-medica-1",
                     *         "titulo": "Webinar: novidades em Medicina Legal e Perícia Médica",
                     *         "tipo": "webinar",
                     *         "modalidade": "online",
                     *         "resumo": "Webinar: novidades em Medicina Legal e Perícia Médica, transmitido ao vivo: 2 horas de programação científica com especialistas convidados, discussão de casos e atualização de diretrizes.",
                     *         "local": null,
                     *         "data_inicio": "2023-11-23",
                     *         "data_fim": "2023-11-23",
                     *         "carga_horaria": 2,
                     *         "pontos_cna": 1,
                     *         "inscricoes": {
                     *           "abertas": false,
                     *           "inicio": "2023-09-03T09:00:00-03:00",
                     *           "fim": "2023-11-23T23:59:00-03:00",
                     *           "vagas": null,
                     *           "vagas_restantes": null,
                     *           "url": "https://eventos.associa.example/inscricoes/webinar-novidades-em-medicina-legal-e-pericia-medica-1"
                     *         },
                     *         "precos": [
                     *           {
                     *             "categoria": "academico",
                     *             "valor": "50.00"
                     *           },
                     *           {
                     *             "categoria": "aspirante",
                     *             "valor": "50.00"
                     *           },
                     *           {
                     *             "categoria": "correspondente",
                     *             "valor": "100.00"
                     *           },
                     *           {
                     *             "categoria": "efetivo",
                     *             "valor": "100.00"
                     *           },
                     *           {
                     *             "categoria": "honorario",
                     *             "valor": "0.00"
                     *           },
                     *           {
                     *             "categoria": "nao_associado",
                     *             "valor": "170.00"
                     *           },
                     *           {
                     *             "categoria": "remido",
                     *             "valor": "0.00"
                     *           },
                     *           {
                     *             "categoria": "titular",
                     *             "valor": "100.00"
                     *           }
                     *         ],
                     *         "status": "encerrado",
                     *         "atualizado_em": "2023-11-24T10:00:00-03:00"
                     *       },
                     *       {
                     *         "id": 2,
                     *         "slug": "workshop-pratico-de-cirurgia-do-aparelho-digestivo-2",
                     *         "titulo": "Workshop prático de Cirurgia do Aparelho Digestivo",
                     *         "tipo": "workshop",
                     *         "modalidade": "presencial",
                     *         "resumo": "Workshop prático de Cirurgia do Aparelho Digestivo, em Sorocaba/SP: 18 horas de programação científica com especialistas convidados, discussão de casos e atualização de diretrizes.",
                     *         "local": {
                     *           "cidade": "Sorocaba",
                     *           "uf": "SP",
                     *           "endereco": "Campus da Saúde de Sorocaba — Auditório, Avenida Boa Viagem, 2697"
                     *         },
                     *         "data_inicio": "2023-12-01",
                     *         "data_fim": "2023-12-02",
                     *         "carga_horaria": 18,
                     *         "pontos_cna": 9,
                     *         "inscricoes": {
                     *           "abertas": false,
                     *           "inicio": "2023-09-22T09:00:00-03:00",
                     *           "fim": "2023-11-29T23:59:00-03:00",
                     *           "vagas": 40,
                     *           "vagas_restantes": 12,
                     *           "url": "https://eventos.associa.example/inscricoes/workshop-pratico-de-cirurgia-do-aparelho-digestivo-2"
                     *         },
                     *         "precos": [
                     *           {
                     *             "categoria": "academico",
                     *             "valor": "550.00"
                     *           },
                     *           {
                     *             "categoria": "aspirante",
                     *             "valor": "550.00"
                     *           },
                     *           {
                     *             "categoria": "correspondente",
                     *             "valor": "1090.00"
                     *           },
                     *           {
                     *             "categoria": "efetivo",
                     *             "valor": "1090.00"
                     *           },
                     *           {
                     *             "categoria": "honorario",
                     *             "valor": "0.00"
                     *           },
                     *           {
                     *             "categoria": "nao_associado",
                     *             "valor": "1970.00"
                     *           },
                     *           {
                     *             "categoria": "remido",
                     *             "valor": "0.00"
                     *           },
                     *           {
                     *             "categoria": "titular",
                     *             "valor": "1090.00"
                     *           }
                     *         ],
                     *         "status": "encerrado",
                     *         "atualizado_em": "2023-12-03T10:00:00-03:00"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Curso"][];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `private, no-cache`: só o cache do próprio cliente pode guardá-la, e deve revalidá-la (`If-None-Match`) antes de cada uso. */
                    "Cache-Control"?: "private, no-cache";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido; `invalid_cursor`: Cursor inválido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCurso: {
        parameters: {
            query?: never;
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description Identificador do curso (inteiro positivo).
                 * @example 17
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O curso. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `private, no-cache`: só o cache do próprio cliente pode guardá-la, e deve revalidá-la (`If-None-Match`) antes de cada uso. */
                    "Cache-Control"?: "private, no-cache";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 17,
                     *       "slug": "curso-de-atualizacao-em-nutrologia-17",
                     *       "titulo": "Curso de Atualização em Nutrologia",
                     *       "tipo": "curso",
                     *       "modalidade": "presencial",
                     *       "resumo": "Curso de Atualização em Nutrologia, em Natal/RN: 12 horas de programação científica com especialistas convidados, discussão de casos e atualização de diretrizes.",
                     *       "local": {
                     *         "cidade": "Natal",
                     *         "uf": "RN",
                     *         "endereco": "Sede da Associação — Auditório Principal, Rua Voluntários da Pátria, 1093"
                     *       },
                     *       "data_inicio": "2024-04-16",
                     *       "data_fim": "2024-04-17",
                     *       "carga_horaria": 12,
                     *       "pontos_cna": 6,
                     *       "inscricoes": {
                     *         "abertas": false,
                     *         "inicio": "2024-02-26T09:00:00-03:00",
                     *         "fim": "2024-04-12T23:59:00-03:00",
                     *         "vagas": 110,
                     *         "vagas_restantes": 44,
                     *         "url": "https://eventos.associa.example/inscricoes/curso-de-atualizacao-em-nutrologia-17"
                     *       },
                     *       "precos": [
                     *         {
                     *           "categoria": "academico",
                     *           "valor": "380.00"
                     *         },
                     *         {
                     *           "categoria": "aspirante",
                     *           "valor": "380.00"
                     *         },
                     *         {
                     *           "categoria": "correspondente",
                     *           "valor": "760.00"
                     *         },
                     *         {
                     *           "categoria": "efetivo",
                     *           "valor": "760.00"
                     *         },
                     *         {
                     *           "categoria": "honorario",
                     *           "valor": "0.00"
                     *         },
                     *         {
                     *           "categoria": "nao_associado",
                     *           "valor": "1360.00"
                     *         },
                     *         {
                     *           "categoria": "remido",
                     *           "valor": "0.00"
                     *         },
                     *         {
                     *           "categoria": "titular",
                     *           "valor": "760.00"
                     *         }
                     *       ],
                     *       "status": "encerrado",
                     *       "atualizado_em": "2024-04-18T10:00:00-03:00"
                     *     }
                     */
                    "application/json": components["schemas"]["Curso"];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `private, no-cache`: só o cache do próprio cliente pode guardá-la, e deve revalidá-la (`If-None-Match`) antes de cada uso. */
                    "Cache-Control"?: "private, no-cache";
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: Recurso não encontrado */
            404: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFaturas: {
        parameters: {
            query?: {
                /**
                 * @description Situação: open, paid, overdue, cancelled, refunded. Um valor, uma lista separada por vírgulas ou o parâmetro repetido (OU entre os valores).
                 * @example [
                 *       "paid"
                 *     ]
                 */
                status?: ("open" | "paid" | "overdue" | "cancelled" | "refunded")[];
                /**
                 * @description Tipo: anuidade, inscricao, taxa_prova. Um valor, uma lista separada por vírgulas ou o parâmetro repetido (OU entre os valores).
                 * @example [
                 *       "anuidade"
                 *     ]
                 */
                kind?: ("anuidade" | "inscricao" | "taxa_prova")[];
                /**
                 * @description Data AAAA-MM-DD, de 0001-01-01 a 9999-12-31: pagas a partir dela (00:00 de São Paulo), inclusive.
                 * @example 2026-03-01
                 */
                paid_from?: string;
                /**
                 * @description Data AAAA-MM-DD, de 0001-01-01 a 9999-12-31: pagas até ela (fim do dia em São Paulo), inclusive; `9999-12-31` equivale a sem limite.
                 * @example 2026-03-31
                 */
                paid_to?: string;
                /** @description Instante RFC 3339 com fuso (Z ou de -14:00 a +14:00), de 0001-01-01T00:00:00.000Z a 9999-12-31T23:59:59.999Z: só faturas alteradas a partir dele (sincronização incremental). Uma alteração cuja transação ainda não terminou, ou feita no último segundo, vem na sincronização seguinte: guardar o maior `atualizado_em` recebido não perde nenhuma. */
                updated_since?: string;
                /** @description Itens por página, de 1 a 500 (padrão 100). Fora disso: 400, nunca ajustado em silêncio. */
                limit?: number;
                /** @description Cursor opaco da próxima página, tirado do cabeçalho `Link` (`rel="next"`). Vale só com os mesmos filtros. */
                cursor?: string;
            };
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de faturas. Sem `rel="next"` no cabeçalho `Link`, é a última. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 10777,
                     *         "numero": "2026/00010777",
                     *         "kind": "anuidade",
                     *         "descricao": "Anuidade 2026, categoria Efetivo",
                     *         "associado": {
                     *           "matricula": "001910",
                     *           "nome": "Caetano Silveira Cruz",
                     *           "cpf": "***.***.362-**"
                     *         },
                     *         "ano_referencia": 2026,
                     *         "curso_id": null,
                     *         "prova_id": null,
                     *         "valor": "850.00",
                     *         "vencimento": "2026-03-31",
                     *         "status": "paid",
                     *         "pago_em": "2026-03-01T01:54:58-03:00",
                     *         "valor_pago": "850.00",
                     *         "forma_pagamento": "pix",
                     *         "transacao_id": "E91248956202603010454g6jub7ql4lo",
                     *         "nfse": {
                     *           "numero": "104",
                     *           "codigo_verificacao": "Z7HJ7CDRJ",
                     *           "emitida_em": "2026-03-01T02:17:58-03:00",
                     *           "municipio": "Porto Velho/RO"
                     *         },
                     *         "atualizado_em": "2026-03-01T02:17:58-03:00"
                     *       },
                     *       {
                     *         "id": 10924,
                     *         "numero": "2026/00010924",
                     *         "kind": "inscricao",
                     *         "descricao": "Inscrição: Webinar: novidades em Oftalmologia",
                     *         "associado": {
                     *           "matricula": "000672",
                     *           "nome": "Alan Bandeira Menezes",
                     *           "cpf": "***.***.389-**"
                     *         },
                     *         "ano_referencia": null,
                     *         "curso_id": 96,
                     *         "prova_id": null,
                     *         "valor": "70.00",
                     *         "vencimento": "2026-03-02",
                     *         "status": "paid",
                     *         "pago_em": "2026-03-01T04:14:48-03:00",
                     *         "valor_pago": "70.00",
                     *         "forma_pagamento": "pix",
                     *         "transacao_id": "E46259278202603010714pl1qjrevyz7",
                     *         "nfse": {
                     *           "numero": "704",
                     *           "codigo_verificacao": "S4VZY0H3B",
                     *           "emitida_em": "2026-03-01T04:53:48-03:00",
                     *           "municipio": "Curitiba/PR"
                     *         },
                     *         "atualizado_em": "2026-03-01T04:53:48-03:00"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Fatura"][];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido; `invalid_cursor`: Cursor inválido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getFatura: {
        parameters: {
            query?: never;
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description Identificador da fatura (inteiro positivo).
                 * @example 10777
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A fatura. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 10777,
                     *       "numero": "2026/00010777",
                     *       "kind": "anuidade",
                     *       "descricao": "Anuidade 2026, categoria Efetivo",
                     *       "associado": {
                     *         "matricula": "001910",
                     *         "nome": "Caetano Silveira Cruz",
                     *         "cpf": "***.***.362-**"
                     *       },
                     *       "ano_referencia": 2026,
                     *       "curso_id": null,
                     *       "prova_id": null,
                     *       "valor": "850.00",
                     *       "vencimento": "2026-03-31",
                     *       "status": "paid",
                     *       "pago_em": "2026-03-01T01:54:58-03:00",
                     *       "valor_pago": "850.00",
                     *       "forma_pagamento": "pix",
                     *       "transacao_id": "E91248956202603010454g6jub7ql4lo",
                     *       "nfse": {
                     *         "numero": "104",
                     *         "codigo_verificacao": "Z7HJ7CDRJ",
                     *         "emitida_em": "2026-03-01T02:17:58-03:00",
                     *         "municipio": "Porto Velho/RO"
                     *       },
                     *       "atualizado_em": "2026-03-01T02:17:58-03:00"
                     *     }
                     */
                    "application/json": components["schemas"]["Fatura"];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: Recurso não encontrado */
            404: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listProvas: {
        parameters: {
            query?: {
                /**
                 * @description Só provas nestes status. Um valor, uma lista separada por vírgulas ou o parâmetro repetido (OU entre os valores).
                 * @example [
                 *       "realizada"
                 *     ]
                 */
                status?: ("inscricoes_abertas" | "realizada" | "resultados_publicados" | "cancelada")[];
                /** @description Itens por página, de 1 a 500 (padrão 100). Fora disso: 400, nunca ajustado em silêncio. */
                limit?: number;
                /** @description Cursor opaco da próxima página, tirado do cabeçalho `Link` (`rel="next"`). Vale só com os mesmos filtros. */
                cursor?: string;
            };
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de provas, por data e id. Sem `rel="next"` no cabeçalho `Link`, é a última. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `private, no-cache`: só o cache do próprio cliente pode guardá-la, e deve revalidá-la (`If-None-Match`) antes de cada uso. */
                    "Cache-Control"?: "private, no-cache";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 300,
                     *         "codigo": "TE-HEMATO-HEMO-2026",
                     *         "tipo_titulo": "especialista",
                     *         "especialidade": {
                     *           "codigo": "hematologia-e-hemoterapia",
                     *           "nome": "Hematologia e Hemoterapia"
                     *         },
                     *         "data": "2026-10-29",
                     *         "status": "realizada",
                     *         "atualizado_em": "2026-10-30T10:00:00-03:00"
                     *       },
                     *       {
                     *         "id": 301,
                     *         "codigo": "TE-HOMEOP-2026",
                     *         "tipo_titulo": "especialista",
                     *         "especialidade": {
                     *           "codigo": "homeopatia",
                     *           "nome": "Homeopatia"
                     *         },
                     *         "data": "2026-10-30",
                     *         "status": "realizada",
                     *         "atualizado_em": "2026-10-31T10:00:00-03:00"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Prova"][];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `private, no-cache`: só o cache do próprio cliente pode guardá-la, e deve revalidá-la (`If-None-Match`) antes de cada uso. */
                    "Cache-Control"?: "private, no-cache";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido; `invalid_cursor`: Cursor inválido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProva: {
        parameters: {
            query?: never;
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description Identificador da prova (inteiro positivo).
                 * @example 331
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A prova. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `private, no-cache`: só o cache do próprio cliente pode guardá-la, e deve revalidá-la (`If-None-Match`) antes de cada uso. */
                    "Cache-Control"?: "private, no-cache";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 331,
                     *       "codigo": "TE-DEMO-2026",
                     *       "tipo_titulo": "especialista",
                     *       "especialidade": {
                     *         "codigo": "clinica-medica",
                     *         "nome": "Clínica Médica"
                     *       },
                     *       "data": "2026-11-19",
                     *       "status": "realizada",
                     *       "atualizado_em": "2026-11-20T09:00:00-03:00"
                     *     }
                     */
                    "application/json": components["schemas"]["Prova"];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `private, no-cache`: só o cache do próprio cliente pode guardá-la, e deve revalidá-la (`If-None-Match`) antes de cada uso. */
                    "Cache-Control"?: "private, no-cache";
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: Recurso não encontrado */
            404: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCandidatos: {
        parameters: {
            query?: {
                /** @description Itens por página, de 1 a 500 (padrão 100). Fora disso: 400, nunca ajustado em silêncio. */
                limit?: number;
                /** @description Cursor opaco da próxima página, tirado do cabeçalho `Link` (`rel="next"`). Vale só com os mesmos filtros. */
                cursor?: string;
            };
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description Identificador da prova (inteiro positivo).
                 * @example 331
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de candidatos, por matrícula. Sem `rel="next"` no cabeçalho `Link`, é a última. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "matricula": "000016",
                     *         "nome": "Sérgio Geraldo Zogbi Rangel",
                     *         "cpf": "***.***.628-**",
                     *         "fatura": {
                     *           "id": 11618,
                     *           "status": "paid"
                     *         }
                     *       },
                     *       {
                     *         "matricula": "000041",
                     *         "nome": "Mariana Costa Barreto",
                     *         "cpf": "***.***.379-**",
                     *         "fatura": {
                     *           "id": 11619,
                     *           "status": "paid"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Candidato"][];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido; `invalid_cursor`: Cursor inválido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: Recurso não encontrado */
            404: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listResultados: {
        parameters: {
            query?: {
                /** @description Itens por página, de 1 a 500 (padrão 100). Fora disso: 400, nunca ajustado em silêncio. */
                limit?: number;
                /** @description Cursor opaco da próxima página, tirado do cabeçalho `Link` (`rel="next"`). Vale só com os mesmos filtros. */
                cursor?: string;
            };
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description Identificador da prova (inteiro positivo).
                 * @example 331
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de resultados, por matrícula. Sem `rel="next"` no cabeçalho `Link`, é a última. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "matricula": "000016",
                     *         "nome": "Sérgio Geraldo Zogbi Rangel",
                     *         "resultado": "aprovado",
                     *         "nota": "8.75",
                     *         "titulo": {
                     *           "numero": "TE-DEMO-2026/0001",
                     *           "tipo": "especialista",
                     *           "especialidade": "clinica-medica",
                     *           "ano": 2026
                     *         },
                     *         "etag": "\"331-16-1\"",
                     *         "registrado_em": "2026-11-26T12:05:31-03:00",
                     *         "atualizado_em": "2026-11-26T12:05:31-03:00"
                     *       },
                     *       {
                     *         "matricula": "000041",
                     *         "nome": "Mariana Costa Barreto",
                     *         "resultado": "aprovado",
                     *         "nota": "7.00",
                     *         "titulo": {
                     *           "numero": "TE-DEMO-2026/0002",
                     *           "tipo": "especialista",
                     *           "especialidade": "clinica-medica",
                     *           "ano": 2026
                     *         },
                     *         "etag": "\"331-41-2\"",
                     *         "registrado_em": "2026-11-26T12:05:31-03:00",
                     *         "atualizado_em": "2026-11-26T12:05:31-03:00"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Resultado"][];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido; `invalid_cursor`: Cursor inválido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: Recurso não encontrado */
            404: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    enviarResultados: {
        parameters: {
            query?: never;
            header?: {
                /** @description Uma chave sua para este envio (1 a 255 caracteres imprimíveis; um UUID serve). Repetido com a mesma chave e o mesmo corpo em até 24 h, o envio recebe a resposta guardada (`Idempotent-Replayed: true`) e nada é gravado de novo; com outro corpo, 422. */
                "Idempotency-Key"?: string;
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
            };
            path: {
                /**
                 * @description Identificador da prova (inteiro positivo).
                 * @example 331
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "resultados": [
                 *         {
                 *           "candidato": "000016",
                 *           "resultado": "aprovado",
                 *           "nota": "8.75"
                 *         },
                 *         {
                 *           "candidato": "000041",
                 *           "resultado": "reprovado",
                 *           "nota": "5.50"
                 *         },
                 *         {
                 *           "candidato": "022.224.929-39",
                 *           "resultado": "ausente",
                 *           "nota": null
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    resultados: {
                        /** @description Matrícula (`004217`) ou CPF (`123.456.789-09` ou 11 dígitos). */
                        candidato: string;
                        /**
                         * @description `aprovado` concede o título da prova; `ausente` não tem nota.
                         * @enum {string}
                         */
                        resultado: "aprovado" | "reprovado" | "ausente";
                        /** @description Texto decimal de `0` a `10`; `null` só para `ausente`. */
                        nota: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Os resultados do lote, na ordem do envio. */
            200: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description `true`: esta é a resposta guardada da primeira requisição com a mesma `Idempotency-Key`; nada foi gravado de novo. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "prova": {
                     *         "id": 331,
                     *         "codigo": "TE-DEMO-2026",
                     *         "tipo_titulo": "especialista",
                     *         "especialidade": {
                     *           "codigo": "clinica-medica",
                     *           "nome": "Clínica Médica"
                     *         },
                     *         "data": "2026-11-19",
                     *         "status": "realizada",
                     *         "atualizado_em": "2026-11-20T09:00:00-03:00"
                     *       },
                     *       "resultados": [
                     *         {
                     *           "posicao": 0,
                     *           "matricula": "000016",
                     *           "resultado": "aprovado",
                     *           "nota": "8.75",
                     *           "estado": "criado",
                     *           "titulo": {
                     *             "numero": "TE-DEMO-2026/0001",
                     *             "tipo": "especialista",
                     *             "especialidade": "clinica-medica",
                     *             "ano": 2026
                     *           }
                     *         },
                     *         {
                     *           "posicao": 1,
                     *           "matricula": "000041",
                     *           "resultado": "reprovado",
                     *           "nota": "5.50",
                     *           "estado": "criado",
                     *           "titulo": null
                     *         },
                     *         {
                     *           "posicao": 2,
                     *           "matricula": "000046",
                     *           "resultado": "ausente",
                     *           "nota": null,
                     *           "estado": "criado",
                     *           "titulo": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ResultadosEnviados"];
                };
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido; `invalid_body`: Corpo ilegível */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: Recurso não encontrado */
            404: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `result_conflict`: Resultado diferente do registrado; `idempotency_key_in_use`: Requisição com esta chave em andamento */
            409: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: Corpo grande demais */
            413: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: Tipo de conteúdo não aceito */
            415: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_results`: Resultados recusados; `idempotency_key_reused`: Chave de idempotência já usada */
            422: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    corrigirResultado: {
        parameters: {
            query?: never;
            header?: {
                /** @description O `etag` do resultado a corrigir, como lido em `GET /provas/{id}/resultados` (obrigatório). */
                "If-Match"?: string;
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
            };
            path: {
                /**
                 * @description Identificador da prova (inteiro positivo).
                 * @example 331
                 */
                id: string;
                /** @description Matrícula do candidato (ex.: 004217). */
                matricula: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "resultado": "aprovado",
                 *       "nota": "7.00"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description `aprovado` concede o título da prova; `ausente` não tem nota.
                     * @enum {string}
                     */
                    resultado: "aprovado" | "reprovado" | "ausente";
                    /** @description Texto decimal de `0` a `10`; `null` só para `ausente`. */
                    nota: string | null;
                };
            };
        };
        responses: {
            /** @description O resultado, corrigido. */
            200: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description A versão do resultado: envie-a em `If-Match` na próxima correção. */
                    ETag?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "matricula": "000041",
                     *       "nome": "Mariana Costa Barreto",
                     *       "resultado": "aprovado",
                     *       "nota": "7.00",
                     *       "titulo": {
                     *         "numero": "TE-DEMO-2026/0002",
                     *         "tipo": "especialista",
                     *         "especialidade": "clinica-medica",
                     *         "ano": 2026
                     *       },
                     *       "etag": "\"331-41-2\"",
                     *       "registrado_em": "2026-11-26T12:05:31-03:00",
                     *       "atualizado_em": "2026-11-26T12:05:31-03:00"
                     *     }
                     */
                    "application/json": components["schemas"]["Resultado"];
                };
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido; `invalid_body`: Corpo ilegível */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_found`: Recurso não encontrado */
            404: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_failed`: Versão desatualizada */
            412: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: Corpo grande demais */
            413: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `unsupported_media_type`: Tipo de conteúdo não aceito */
            415: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `invalid_results`: Resultados recusados */
            422: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `precondition_required`: If-Match obrigatório */
            428: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEventos: {
        parameters: {
            query?: {
                /** @description A última `sequencia` que você processou: a página começa depois dela (padrão 0, desde o evento mais antigo guardado). */
                after?: number;
                /**
                 * @description Só estes tipos, dentre os que o token pode ver. Um valor, uma lista separada por vírgulas ou o parâmetro repetido (OU entre os valores).
                 * @example [
                 *       "fatura.paga"
                 *     ]
                 */
                type?: ("fatura.emitida" | "fatura.paga" | "fatura.estornada" | "fatura.cancelada" | "fatura.vencida" | "associado.situacao_alterada" | "associado.atualizado" | "curso.publicado" | "curso.atualizado" | "prova.resultado_registrado" | "prova.resultado_anulado")[];
                /** @description Itens por página, de 1 a 500 (padrão 100). Fora disso: 400, nunca ajustado em silêncio. */
                limit?: number;
            };
            header?: {
                /** @description Um id seu para esta requisição: até 64 letras, dígitos, `.`, `_` ou `-`, sem o prefixo de um token (`associa_`), sem um CPF e sem 40 letras ou dígitos seguidos (um UUID, um ULID ou 32 dígitos hexadecimais servem). É devolvido no cabeçalho e nos problemas e gravado nos logs e na auditoria, ao lado do UUID que o servidor dá a cada requisição; qualquer outro valor é ignorado, e a resposta traz esse UUID. */
                "X-Request-Id"?: string;
                /** @description O `ETag` de uma resposta anterior: se ainda vale, a resposta é 304 sem corpo. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página de eventos; sem `Link` `rel="next"`, não há mais por ora. */
            200: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "evt_01M605X56X9YAS2YXAEK63V29J",
                     *         "type": "fatura.paga",
                     *         "sequencia": 2,
                     *         "ocorrido_em": "2026-10-27T23:37:24-03:00",
                     *         "dados": {
                     *           "fatura_id": 11479,
                     *           "numero": "2026/00011479",
                     *           "kind": "inscricao",
                     *           "matricula": "001390",
                     *           "ano_referencia": null,
                     *           "curso_id": 129,
                     *           "valor": "70.00",
                     *           "vencimento": "2026-10-30",
                     *           "status": "paid",
                     *           "pago_em": "2026-10-27T23:37:24-03:00",
                     *           "valor_pago": "70.00"
                     *         }
                     *       },
                     *       {
                     *         "id": "evt_01M616YCM6YY8CW8E82N7Z51F4",
                     *         "type": "fatura.paga",
                     *         "sequencia": 6,
                     *         "ocorrido_em": "2026-10-28T09:14:47-03:00",
                     *         "dados": {
                     *           "fatura_id": 11478,
                     *           "numero": "2026/00011478",
                     *           "kind": "inscricao",
                     *           "matricula": "000570",
                     *           "ano_referencia": null,
                     *           "curso_id": 120,
                     *           "valor": "690.00",
                     *           "vencimento": "2026-10-30",
                     *           "status": "paid",
                     *           "pago_em": "2026-10-28T09:14:47-03:00",
                     *           "valor_pago": "690.00"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Evento"][];
                };
            };
            /** @description Não modificado: o `If-None-Match` enviado coincide com o ETag atual (sem corpo). */
            304: {
                headers: {
                    /** @description Validador fraco do corpo; envie-o em `If-None-Match` para receber 304. */
                    ETag?: string;
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description Endereço da próxima página (`rel="next"`), quando há. Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    /** @description `Authorization`: a resposta depende do token. */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_parameter`: Parâmetro inválido; `unknown_parameter`: Parâmetro desconhecido */
            400: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `token_missing`: Credencial ausente; `token_invalid`: Token inválido; `token_revoked`: Token revogado; `token_expired`: Token expirado */
            401: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `insufficient_scope`: Escopo insuficiente */
            403: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description O desafio Bearer (RFC 6750): `Bearer realm="associa"`, com `error="invalid_token"` para um token inválido ou expirado e `error="insufficient_scope", scope="<escopo>"` para um token sem o escopo da operação. */
                    "WWW-Authenticate"?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `not_acceptable`: Formato não aceitável */
            406: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `rate_limited`: Limite de requisições excedido; `concurrency_limited`: Requisições simultâneas demais */
            429: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `internal_error`: Erro interno */
            500: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `service_unavailable`: Serviço indisponível */
            503: {
                headers: {
                    /** @description A política de limite: `"default";q=600;w=60` (por token) ou `"public";q=120;w=60` (por endereço). */
                    "RateLimit-Policy"?: string;
                    /** @description O que resta na janela: `"default";r=<restantes>;t=<segundos até renovar>`. */
                    RateLimit?: string;
                    /** @description O id da requisição: o `X-Request-Id` enviado, quando é um id simples que não pode conter um token nem um CPF, ou o UUID que o servidor dá a cada requisição. Está também nos logs e no corpo dos problemas. */
                    "X-Request-Id"?: string;
                    /** @description `no-store`: nenhum cache guarda a resposta, nem o do próprio cliente. */
                    "Cache-Control"?: "no-store";
                    /** @description `Authorization`: a resposta depende do token. Também `accept-encoding` quando o corpo vem comprimido (gzip ou br). */
                    Vary?: string;
                    /** @description Segundos a esperar antes de tentar de novo. */
                    "Retry-After"?: number;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 9745): desde quando, em segundos desde 1970 — a rotação, ou o início dos 14 dias finais. Peça um novo token ao administrador antes de `Sunset`. */
                    Deprecation?: string;
                    /** @description Presente quando o token está em carência de rotação ou expira em até 14 dias (RFC 8594): quando o token deixa de ser aceito, como data HTTP. */
                    Sunset?: string;
                    /** @description Com `rel="deprecation"`, quando o token está em carência de rotação ou expira em até 14 dias: a página do token na área administrativa (seção Integrações). */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhookFaturaEmitida: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.
                 * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                 */
                "webhook-id": string;
                /**
                 * @description Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.
                 * @example 1764169200
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint (os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01M8AFQP76N4N4T16F9E5ETX2K",
                 *       "type": "fatura.emitida",
                 *       "sequencia": 287,
                 *       "ocorrido_em": "2026-11-25T20:12:59-03:00",
                 *       "dados": {
                 *         "fatura_id": 11617,
                 *         "numero": "2026/00011617",
                 *         "kind": "inscricao",
                 *         "matricula": "000493",
                 *         "ano_referencia": null,
                 *         "curso_id": 134,
                 *         "valor": "100.00",
                 *         "vencimento": "2026-11-28",
                 *         "status": "open",
                 *         "pago_em": null,
                 *         "valor_pago": null
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
                     * @example evt_01M8AFQP76N4N4T16F9E5ETX2K
                     */
                    id: string;
                    /**
                     * @example fatura.emitida
                     * @constant
                     */
                    type: "fatura.emitida";
                    /**
                     * Format: int64
                     * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
                     * @example 287
                     */
                    sequencia: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339, horário de São Paulo.
                     * @example 2026-11-25T20:12:59-03:00
                     */
                    ocorrido_em: string;
                    /**
                     * @description A fatura após a mudança; leia o restante com `GET /api/v1/faturas/{fatura_id}`.
                     * @example {
                     *       "fatura_id": 11617,
                     *       "numero": "2026/00011617",
                     *       "kind": "inscricao",
                     *       "matricula": "000493",
                     *       "ano_referencia": null,
                     *       "curso_id": 134,
                     *       "valor": "100.00",
                     *       "vencimento": "2026-11-28",
                     *       "status": "open",
                     *       "pago_em": null,
                     *       "valor_pago": null
                     *     }
                     */
                    dados: {
                        /**
                         * Format: int64
                         * @example 11617
                         */
                        fatura_id: number;
                        /**
                         * @description O número da fatura, como em `GET /faturas/{id}`.
                         * @example 2026/00011617
                         */
                        numero: string;
                        /**
                         * @example inscricao
                         * @enum {string}
                         */
                        kind: "anuidade" | "inscricao" | "taxa_prova";
                        /**
                         * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                         * @example 000493
                         */
                        matricula: string;
                        /**
                         * @description Ano da anuidade; `null` nos demais tipos.
                         * @example null
                         */
                        ano_referencia: number | null;
                        /**
                         * @description Curso da inscrição; `null` nos demais tipos.
                         * @example 134
                         */
                        curso_id: number | null;
                        /**
                         * @description Valor em reais, texto decimal com duas casas.
                         * @example 100.00
                         */
                        valor: string;
                        /**
                         * Format: date
                         * @example 2026-11-28
                         */
                        vencimento: string;
                        /**
                         * @description O status da fatura após a mudança, como em `GET /faturas/{id}`.
                         * @example open
                         * @enum {string}
                         */
                        status: "open" | "paid" | "overdue" | "cancelled" | "refunded";
                        /** @example null */
                        pago_em: string | null;
                        /** @example null */
                        valor_pago: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recebido: qualquer 2xx em até 10 s encerra a entrega. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookFaturaPaga: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.
                 * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                 */
                "webhook-id": string;
                /**
                 * @description Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.
                 * @example 1764169200
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint (os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01M8C5XQC0Q6Y1BPNVR7HTTD78",
                 *       "type": "fatura.paga",
                 *       "sequencia": 299,
                 *       "ocorrido_em": "2026-11-26T12:00:00-03:00",
                 *       "dados": {
                 *         "fatura_id": 11616,
                 *         "numero": "2026/00011616",
                 *         "kind": "inscricao",
                 *         "matricula": "001725",
                 *         "ano_referencia": null,
                 *         "curso_id": 135,
                 *         "valor": "440.00",
                 *         "vencimento": "2026-11-28",
                 *         "status": "paid",
                 *         "pago_em": "2026-11-26T12:00:00-03:00",
                 *         "valor_pago": "440.00"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
                     * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                     */
                    id: string;
                    /**
                     * @example fatura.paga
                     * @constant
                     */
                    type: "fatura.paga";
                    /**
                     * Format: int64
                     * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
                     * @example 299
                     */
                    sequencia: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339, horário de São Paulo.
                     * @example 2026-11-26T12:00:00-03:00
                     */
                    ocorrido_em: string;
                    /**
                     * @description A fatura após a mudança; leia o restante com `GET /api/v1/faturas/{fatura_id}`.
                     * @example {
                     *       "fatura_id": 11616,
                     *       "numero": "2026/00011616",
                     *       "kind": "inscricao",
                     *       "matricula": "001725",
                     *       "ano_referencia": null,
                     *       "curso_id": 135,
                     *       "valor": "440.00",
                     *       "vencimento": "2026-11-28",
                     *       "status": "paid",
                     *       "pago_em": "2026-11-26T12:00:00-03:00",
                     *       "valor_pago": "440.00"
                     *     }
                     */
                    dados: {
                        /**
                         * Format: int64
                         * @example 11616
                         */
                        fatura_id: number;
                        /**
                         * @description O número da fatura, como em `GET /faturas/{id}`.
                         * @example 2026/00011616
                         */
                        numero: string;
                        /**
                         * @example inscricao
                         * @enum {string}
                         */
                        kind: "anuidade" | "inscricao" | "taxa_prova";
                        /**
                         * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                         * @example 001725
                         */
                        matricula: string;
                        /**
                         * @description Ano da anuidade; `null` nos demais tipos.
                         * @example null
                         */
                        ano_referencia: number | null;
                        /**
                         * @description Curso da inscrição; `null` nos demais tipos.
                         * @example 135
                         */
                        curso_id: number | null;
                        /**
                         * @description Valor em reais, texto decimal com duas casas.
                         * @example 440.00
                         */
                        valor: string;
                        /**
                         * Format: date
                         * @example 2026-11-28
                         */
                        vencimento: string;
                        /**
                         * @description O status da fatura após a mudança, como em `GET /faturas/{id}`.
                         * @example paid
                         * @enum {string}
                         */
                        status: "open" | "paid" | "overdue" | "cancelled" | "refunded";
                        /** @example 2026-11-26T12:00:00-03:00 */
                        pago_em: string | null;
                        /** @example 440.00 */
                        valor_pago: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recebido: qualquer 2xx em até 10 s encerra a entrega. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookFaturaEstornada: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.
                 * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                 */
                "webhook-id": string;
                /**
                 * @description Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.
                 * @example 1764169200
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint (os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01M8C5XQC025MTDH6FMSSEVXXV",
                 *       "type": "fatura.estornada",
                 *       "sequencia": 297,
                 *       "ocorrido_em": "2026-11-26T12:00:00-03:00",
                 *       "dados": {
                 *         "fatura_id": 11530,
                 *         "numero": "2026/00011530",
                 *         "kind": "inscricao",
                 *         "matricula": "001486",
                 *         "ano_referencia": null,
                 *         "curso_id": 121,
                 *         "valor": "90.00",
                 *         "vencimento": "2026-11-12",
                 *         "status": "refunded",
                 *         "pago_em": "2026-11-11T02:53:38-03:00",
                 *         "valor_pago": "90.00"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
                     * @example evt_01M8C5XQC025MTDH6FMSSEVXXV
                     */
                    id: string;
                    /**
                     * @example fatura.estornada
                     * @constant
                     */
                    type: "fatura.estornada";
                    /**
                     * Format: int64
                     * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
                     * @example 297
                     */
                    sequencia: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339, horário de São Paulo.
                     * @example 2026-11-26T12:00:00-03:00
                     */
                    ocorrido_em: string;
                    /**
                     * @description A fatura após a mudança; leia o restante com `GET /api/v1/faturas/{fatura_id}`.
                     * @example {
                     *       "fatura_id": 11530,
                     *       "numero": "2026/00011530",
                     *       "kind": "inscricao",
                     *       "matricula": "001486",
                     *       "ano_referencia": null,
                     *       "curso_id": 121,
                     *       "valor": "90.00",
                     *       "vencimento": "2026-11-12",
                     *       "status": "refunded",
                     *       "pago_em": "2026-11-11T02:53:38-03:00",
                     *       "valor_pago": "90.00"
                     *     }
                     */
                    dados: {
                        /**
                         * Format: int64
                         * @example 11530
                         */
                        fatura_id: number;
                        /**
                         * @description O número da fatura, como em `GET /faturas/{id}`.
                         * @example 2026/00011530
                         */
                        numero: string;
                        /**
                         * @example inscricao
                         * @enum {string}
                         */
                        kind: "anuidade" | "inscricao" | "taxa_prova";
                        /**
                         * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                         * @example 001486
                         */
                        matricula: string;
                        /**
                         * @description Ano da anuidade; `null` nos demais tipos.
                         * @example null
                         */
                        ano_referencia: number | null;
                        /**
                         * @description Curso da inscrição; `null` nos demais tipos.
                         * @example 121
                         */
                        curso_id: number | null;
                        /**
                         * @description Valor em reais, texto decimal com duas casas.
                         * @example 90.00
                         */
                        valor: string;
                        /**
                         * Format: date
                         * @example 2026-11-12
                         */
                        vencimento: string;
                        /**
                         * @description O status da fatura após a mudança, como em `GET /faturas/{id}`.
                         * @example refunded
                         * @enum {string}
                         */
                        status: "open" | "paid" | "overdue" | "cancelled" | "refunded";
                        /** @example 2026-11-11T02:53:38-03:00 */
                        pago_em: string | null;
                        /** @example 90.00 */
                        valor_pago: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recebido: qualquer 2xx em até 10 s encerra a entrega. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookFaturaCancelada: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.
                 * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                 */
                "webhook-id": string;
                /**
                 * @description Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.
                 * @example 1764169200
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint (os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01M8AWNH90FZNFCC20MGD77GQ0",
                 *       "type": "fatura.cancelada",
                 *       "sequencia": 291,
                 *       "ocorrido_em": "2026-11-25T23:59:00-03:00",
                 *       "dados": {
                 *         "fatura_id": 11590,
                 *         "numero": "2026/00011590",
                 *         "kind": "inscricao",
                 *         "matricula": "001925",
                 *         "ano_referencia": null,
                 *         "curso_id": 130,
                 *         "valor": "360.00",
                 *         "vencimento": "2026-11-24",
                 *         "status": "cancelled",
                 *         "pago_em": null,
                 *         "valor_pago": null
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
                     * @example evt_01M8AWNH90FZNFCC20MGD77GQ0
                     */
                    id: string;
                    /**
                     * @example fatura.cancelada
                     * @constant
                     */
                    type: "fatura.cancelada";
                    /**
                     * Format: int64
                     * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
                     * @example 291
                     */
                    sequencia: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339, horário de São Paulo.
                     * @example 2026-11-25T23:59:00-03:00
                     */
                    ocorrido_em: string;
                    /**
                     * @description A fatura após a mudança; leia o restante com `GET /api/v1/faturas/{fatura_id}`.
                     * @example {
                     *       "fatura_id": 11590,
                     *       "numero": "2026/00011590",
                     *       "kind": "inscricao",
                     *       "matricula": "001925",
                     *       "ano_referencia": null,
                     *       "curso_id": 130,
                     *       "valor": "360.00",
                     *       "vencimento": "2026-11-24",
                     *       "status": "cancelled",
                     *       "pago_em": null,
                     *       "valor_pago": null
                     *     }
                     */
                    dados: {
                        /**
                         * Format: int64
                         * @example 11590
                         */
                        fatura_id: number;
                        /**
                         * @description O número da fatura, como em `GET /faturas/{id}`.
                         * @example 2026/00011590
                         */
                        numero: string;
                        /**
                         * @example inscricao
                         * @enum {string}
                         */
                        kind: "anuidade" | "inscricao" | "taxa_prova";
                        /**
                         * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                         * @example 001925
                         */
                        matricula: string;
                        /**
                         * @description Ano da anuidade; `null` nos demais tipos.
                         * @example null
                         */
                        ano_referencia: number | null;
                        /**
                         * @description Curso da inscrição; `null` nos demais tipos.
                         * @example 130
                         */
                        curso_id: number | null;
                        /**
                         * @description Valor em reais, texto decimal com duas casas.
                         * @example 360.00
                         */
                        valor: string;
                        /**
                         * Format: date
                         * @example 2026-11-24
                         */
                        vencimento: string;
                        /**
                         * @description O status da fatura após a mudança, como em `GET /faturas/{id}`.
                         * @example cancelled
                         * @enum {string}
                         */
                        status: "open" | "paid" | "overdue" | "cancelled" | "refunded";
                        /** @example null */
                        pago_em: string | null;
                        /** @example null */
                        valor_pago: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recebido: qualquer 2xx em até 10 s encerra a entrega. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookFaturaVencida: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.
                 * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                 */
                "webhook-id": string;
                /**
                 * @description Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.
                 * @example 1764169200
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint (os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01M85QXXW06GV4ZXRRZ11Z4WGC",
                 *       "type": "fatura.vencida",
                 *       "sequencia": 251,
                 *       "ocorrido_em": "2026-11-24T00:00:00-03:00",
                 *       "dados": {
                 *         "fatura_id": 11577,
                 *         "numero": "2026/00011577",
                 *         "kind": "inscricao",
                 *         "matricula": "001213",
                 *         "ano_referencia": null,
                 *         "curso_id": 134,
                 *         "valor": "100.00",
                 *         "vencimento": "2026-11-23",
                 *         "status": "overdue",
                 *         "pago_em": null,
                 *         "valor_pago": null
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
                     * @example evt_01M85QXXW06GV4ZXRRZ11Z4WGC
                     */
                    id: string;
                    /**
                     * @example fatura.vencida
                     * @constant
                     */
                    type: "fatura.vencida";
                    /**
                     * Format: int64
                     * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
                     * @example 251
                     */
                    sequencia: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339, horário de São Paulo.
                     * @example 2026-11-24T00:00:00-03:00
                     */
                    ocorrido_em: string;
                    /**
                     * @description A fatura após a mudança; leia o restante com `GET /api/v1/faturas/{fatura_id}`.
                     * @example {
                     *       "fatura_id": 11577,
                     *       "numero": "2026/00011577",
                     *       "kind": "inscricao",
                     *       "matricula": "001213",
                     *       "ano_referencia": null,
                     *       "curso_id": 134,
                     *       "valor": "100.00",
                     *       "vencimento": "2026-11-23",
                     *       "status": "overdue",
                     *       "pago_em": null,
                     *       "valor_pago": null
                     *     }
                     */
                    dados: {
                        /**
                         * Format: int64
                         * @example 11577
                         */
                        fatura_id: number;
                        /**
                         * @description O número da fatura, como em `GET /faturas/{id}`.
                         * @example 2026/00011577
                         */
                        numero: string;
                        /**
                         * @example inscricao
                         * @enum {string}
                         */
                        kind: "anuidade" | "inscricao" | "taxa_prova";
                        /**
                         * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                         * @example 001213
                         */
                        matricula: string;
                        /**
                         * @description Ano da anuidade; `null` nos demais tipos.
                         * @example null
                         */
                        ano_referencia: number | null;
                        /**
                         * @description Curso da inscrição; `null` nos demais tipos.
                         * @example 134
                         */
                        curso_id: number | null;
                        /**
                         * @description Valor em reais, texto decimal com duas casas.
                         * @example 100.00
                         */
                        valor: string;
                        /**
                         * Format: date
                         * @example 2026-11-23
                         */
                        vencimento: string;
                        /**
                         * @description O status da fatura após a mudança, como em `GET /faturas/{id}`.
                         * @example overdue
                         * @enum {string}
                         */
                        status: "open" | "paid" | "overdue" | "cancelled" | "refunded";
                        /** @example null */
                        pago_em: string | null;
                        /** @example null */
                        valor_pago: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recebido: qualquer 2xx em até 10 s encerra a entrega. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAssociadoSituacaoAlterada: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.
                 * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                 */
                "webhook-id": string;
                /**
                 * @description Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.
                 * @example 1764169200
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint (os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01M8C5XQC0J5BJ835MRZCSX4P9",
                 *       "type": "associado.situacao_alterada",
                 *       "sequencia": 300,
                 *       "ocorrido_em": "2026-11-26T12:00:00-03:00",
                 *       "dados": {
                 *         "matricula": "000005",
                 *         "associado": true,
                 *         "categoria": "titular",
                 *         "adimplente": true,
                 *         "ano_referencia": 2026,
                 *         "anterior": {
                 *           "associado": true,
                 *           "categoria": "titular",
                 *           "adimplente": false
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
                     * @example evt_01M8C5XQC0J5BJ835MRZCSX4P9
                     */
                    id: string;
                    /**
                     * @example associado.situacao_alterada
                     * @constant
                     */
                    type: "associado.situacao_alterada";
                    /**
                     * Format: int64
                     * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
                     * @example 300
                     */
                    sequencia: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339, horário de São Paulo.
                     * @example 2026-11-26T12:00:00-03:00
                     */
                    ocorrido_em: string;
                    /**
                     * @description A situação após a mudança, com os campos de `GET /associados/{id}/situacao` (sem o nome).
                     * @example {
                     *       "matricula": "000005",
                     *       "associado": true,
                     *       "categoria": "titular",
                     *       "adimplente": true,
                     *       "ano_referencia": 2026,
                     *       "anterior": {
                     *         "associado": true,
                     *         "categoria": "titular",
                     *         "adimplente": false
                     *       }
                     *     }
                     */
                    dados: {
                        /**
                         * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                         * @example 000005
                         */
                        matricula: string;
                        /**
                         * @description `status == "ativo"`.
                         * @example true
                         */
                        associado: boolean;
                        /**
                         * @example titular
                         * @enum {string}
                         */
                        categoria: "titular" | "efetivo" | "aspirante" | "academico" | "remido" | "honorario" | "correspondente";
                        /** @example true */
                        adimplente: boolean;
                        /**
                         * Format: int32
                         * @example 2026
                         */
                        ano_referencia: number;
                        /**
                         * @description A situação antes da mudança; `null` para um associado novo.
                         * @example {
                         *       "associado": true,
                         *       "categoria": "titular",
                         *       "adimplente": false
                         *     }
                         */
                        anterior: {
                            /**
                             * @description `status == "ativo"`.
                             * @example true
                             */
                            associado: boolean;
                            /**
                             * @example titular
                             * @enum {string}
                             */
                            categoria: "titular" | "efetivo" | "aspirante" | "academico" | "remido" | "honorario" | "correspondente";
                            /** @example false */
                            adimplente: boolean;
                        } | null;
                    };
                };
            };
        };
        responses: {
            /** @description O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recebido: qualquer 2xx em até 10 s encerra a entrega. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAssociadoAtualizado: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.
                 * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                 */
                "webhook-id": string;
                /**
                 * @description Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.
                 * @example 1764169200
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint (os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01M8C5XQC0BHV22VRWNQNA9VQE",
                 *       "type": "associado.atualizado",
                 *       "sequencia": 301,
                 *       "ocorrido_em": "2026-11-26T12:00:00-03:00",
                 *       "dados": {
                 *         "matricula": "000005",
                 *         "status": "ativo",
                 *         "categoria": "titular",
                 *         "regional": "SP"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
                     * @example evt_01M8C5XQC0BHV22VRWNQNA9VQE
                     */
                    id: string;
                    /**
                     * @example associado.atualizado
                     * @constant
                     */
                    type: "associado.atualizado";
                    /**
                     * Format: int64
                     * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
                     * @example 301
                     */
                    sequencia: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339, horário de São Paulo.
                     * @example 2026-11-26T12:00:00-03:00
                     */
                    ocorrido_em: string;
                    /**
                     * @description O associado após a mudança; leia a ficha com `GET /api/v1/associados/{matricula}`.
                     * @example {
                     *       "matricula": "000005",
                     *       "status": "ativo",
                     *       "categoria": "titular",
                     *       "regional": "SP"
                     *     }
                     */
                    dados: {
                        /**
                         * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                         * @example 000005
                         */
                        matricula: string;
                        /**
                         * @example ativo
                         * @enum {string}
                         */
                        status: "ativo" | "pendente" | "suspenso" | "licenciado" | "cancelado" | "falecido";
                        /**
                         * @example titular
                         * @enum {string}
                         */
                        categoria: "titular" | "efetivo" | "aspirante" | "academico" | "remido" | "honorario" | "correspondente";
                        /**
                         * @example SP
                         * @enum {string}
                         */
                        regional: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                    };
                };
            };
        };
        responses: {
            /** @description O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recebido: qualquer 2xx em até 10 s encerra a entrega. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookCursoPublicado: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.
                 * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                 */
                "webhook-id": string;
                /**
                 * @description Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.
                 * @example 1764169200
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint (os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01M6P3JMC0YF0EWBQQ3SDA5B5R",
                 *       "type": "curso.publicado",
                 *       "sequencia": 73,
                 *       "ocorrido_em": "2026-11-05T12:00:00-03:00",
                 *       "dados": {
                 *         "curso_id": 154,
                 *         "slug": "curso-de-atualizacao-em-dermatologia-154",
                 *         "status": "publicado",
                 *         "data_inicio": "2027-09-24",
                 *         "inscricao_inicio": "2027-08-08T09:00:00-03:00",
                 *         "inscricao_fim": "2027-09-18T23:59:00-03:00"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
                     * @example evt_01M6P3JMC0YF0EWBQQ3SDA5B5R
                     */
                    id: string;
                    /**
                     * @example curso.publicado
                     * @constant
                     */
                    type: "curso.publicado";
                    /**
                     * Format: int64
                     * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
                     * @example 73
                     */
                    sequencia: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339, horário de São Paulo.
                     * @example 2026-11-05T12:00:00-03:00
                     */
                    ocorrido_em: string;
                    /**
                     * @description O curso após a mudança; leia-o com `GET /api/v1/cursos/{curso_id}`.
                     * @example {
                     *       "curso_id": 154,
                     *       "slug": "curso-de-atualizacao-em-dermatologia-154",
                     *       "status": "publicado",
                     *       "data_inicio": "2027-09-24",
                     *       "inscricao_inicio": "2027-08-08T09:00:00-03:00",
                     *       "inscricao_fim": "2027-09-18T23:59:00-03:00"
                     *     }
                     */
                    dados: {
                        /**
                         * Format: int64
                         * @example 154
                         */
                        curso_id: number;
                        /** @example curso-de-atualizacao-em-dermatologia-154 */
                        slug: string;
                        /**
                         * @description `rascunho`: o curso deixou de ser publicado (e não é mais servido).
                         * @example publicado
                         * @enum {string}
                         */
                        status: "rascunho" | "publicado" | "encerrado" | "cancelado";
                        /**
                         * Format: date
                         * @example 2027-09-24
                         */
                        data_inicio: string;
                        /**
                         * Format: date-time
                         * @description RFC 3339, horário de São Paulo.
                         * @example 2027-08-08T09:00:00-03:00
                         */
                        inscricao_inicio: string;
                        /**
                         * Format: date-time
                         * @description RFC 3339, horário de São Paulo.
                         * @example 2027-09-18T23:59:00-03:00
                         */
                        inscricao_fim: string;
                    };
                };
            };
        };
        responses: {
            /** @description O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recebido: qualquer 2xx em até 10 s encerra a entrega. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookCursoAtualizado: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.
                 * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                 */
                "webhook-id": string;
                /**
                 * @description Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.
                 * @example 1764169200
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint (os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01M8C5XQC0H5Y29JREW4RQZGQ3",
                 *       "type": "curso.atualizado",
                 *       "sequencia": 302,
                 *       "ocorrido_em": "2026-11-26T12:00:00-03:00",
                 *       "dados": {
                 *         "curso_id": 17,
                 *         "slug": "curso-de-atualizacao-em-nutrologia-17",
                 *         "status": "encerrado",
                 *         "data_inicio": "2024-04-16",
                 *         "inscricao_inicio": "2024-02-26T09:00:00-03:00",
                 *         "inscricao_fim": "2024-04-12T23:59:00-03:00"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
                     * @example evt_01M8C5XQC0H5Y29JREW4RQZGQ3
                     */
                    id: string;
                    /**
                     * @example curso.atualizado
                     * @constant
                     */
                    type: "curso.atualizado";
                    /**
                     * Format: int64
                     * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
                     * @example 302
                     */
                    sequencia: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339, horário de São Paulo.
                     * @example 2026-11-26T12:00:00-03:00
                     */
                    ocorrido_em: string;
                    /**
                     * @description O curso após a mudança; leia-o com `GET /api/v1/cursos/{curso_id}`.
                     * @example {
                     *       "curso_id": 17,
                     *       "slug": "curso-de-atualizacao-em-nutrologia-17",
                     *       "status": "encerrado",
                     *       "data_inicio": "2024-04-16",
                     *       "inscricao_inicio": "2024-02-26T09:00:00-03:00",
                     *       "inscricao_fim": "2024-04-12T23:59:00-03:00"
                     *     }
                     */
                    dados: {
                        /**
                         * Format: int64
                         * @example 17
                         */
                        curso_id: number;
                        /** @example curso-de-atualizacao-em-nutrologia-17 */
                        slug: string;
                        /**
                         * @description `rascunho`: o curso deixou de ser publicado (e não é mais servido).
                         * @example encerrado
                         * @enum {string}
                         */
                        status: "rascunho" | "publicado" | "encerrado" | "cancelado";
                        /**
                         * Format: date
                         * @example 2024-04-16
                         */
                        data_inicio: string;
                        /**
                         * Format: date-time
                         * @description RFC 3339, horário de São Paulo.
                         * @example 2024-02-26T09:00:00-03:00
                         */
                        inscricao_inicio: string;
                        /**
                         * Format: date-time
                         * @description RFC 3339, horário de São Paulo.
                         * @example 2024-04-12T23:59:00-03:00
                         */
                        inscricao_fim: string;
                    };
                };
            };
        };
        responses: {
            /** @description O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recebido: qualquer 2xx em até 10 s encerra a entrega. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookProvaResultadoRegistrado: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.
                 * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                 */
                "webhook-id": string;
                /**
                 * @description Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.
                 * @example 1764169200
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint (os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01M8C6J4RZ9X2M7Q5D8E6F1G0H",
                 *       "type": "prova.resultado_registrado",
                 *       "sequencia": 312,
                 *       "ocorrido_em": "2026-11-26T12:05:31-03:00",
                 *       "dados": {
                 *         "prova_id": 331,
                 *         "matricula": "000016",
                 *         "resultado": "aprovado",
                 *         "nota": "8.75",
                 *         "titulo_id": 5531
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
                     * @example evt_01M8C6J4RZ9X2M7Q5D8E6F1G0H
                     */
                    id: string;
                    /**
                     * @example prova.resultado_registrado
                     * @constant
                     */
                    type: "prova.resultado_registrado";
                    /**
                     * Format: int64
                     * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
                     * @example 312
                     */
                    sequencia: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339, horário de São Paulo.
                     * @example 2026-11-26T12:05:31-03:00
                     */
                    ocorrido_em: string;
                    /**
                     * @description O resultado após a mudança; leia-o com `GET /api/v1/provas/{prova_id}/resultados`.
                     * @example {
                     *       "prova_id": 331,
                     *       "matricula": "000016",
                     *       "resultado": "aprovado",
                     *       "nota": "8.75",
                     *       "titulo_id": 5531
                     *     }
                     */
                    dados: {
                        /**
                         * Format: int64
                         * @example 331
                         */
                        prova_id: number;
                        /**
                         * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                         * @example 000016
                         */
                        matricula: string;
                        /**
                         * @example aprovado
                         * @enum {string}
                         */
                        resultado: "aprovado" | "reprovado" | "ausente";
                        /**
                         * @description De `0.00` a `10.00`; `null` para `ausente`.
                         * @example 8.75
                         */
                        nota: string | null;
                        /**
                         * @description O título que o resultado concedeu; `null` se nenhum.
                         * @example 5531
                         */
                        titulo_id: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recebido: qualquer 2xx em até 10 s encerra a entrega. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookProvaResultadoAnulado: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.
                 * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                 */
                "webhook-id": string;
                /**
                 * @description Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.
                 * @example 1764169200
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint (os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01M8C7Q2XW4N8B6V3K9T5R1Y7E",
                 *       "type": "prova.resultado_anulado",
                 *       "sequencia": 313,
                 *       "ocorrido_em": "2026-11-26T15:42:08-03:00",
                 *       "dados": {
                 *         "prova_id": 331,
                 *         "matricula": "000016",
                 *         "resultado": "aprovado",
                 *         "nota": "8.75",
                 *         "titulo_id": 5531
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Identificador do evento; o mesmo `webhook-id` em toda nova tentativa: descarte repetidos por ele.
                     * @example evt_01M8C7Q2XW4N8B6V3K9T5R1Y7E
                     */
                    id: string;
                    /**
                     * @example prova.resultado_anulado
                     * @constant
                     */
                    type: "prova.resultado_anulado";
                    /**
                     * Format: int64
                     * @description Cresce na ordem em que as mudanças foram confirmadas. Guarde o maior aplicado por recurso e ignore os menores.
                     * @example 313
                     */
                    sequencia: number;
                    /**
                     * Format: date-time
                     * @description RFC 3339, horário de São Paulo.
                     * @example 2026-11-26T15:42:08-03:00
                     */
                    ocorrido_em: string;
                    /**
                     * @description O resultado como estava ao ser anulado; `titulo_id` é o título retirado com ele.
                     * @example {
                     *       "prova_id": 331,
                     *       "matricula": "000016",
                     *       "resultado": "aprovado",
                     *       "nota": "8.75",
                     *       "titulo_id": 5531
                     *     }
                     */
                    dados: {
                        /**
                         * Format: int64
                         * @example 331
                         */
                        prova_id: number;
                        /**
                         * @description Matrícula do associado: dígitos, com zeros à esquerda até ao menos 6.
                         * @example 000016
                         */
                        matricula: string;
                        /**
                         * @example aprovado
                         * @enum {string}
                         */
                        resultado: "aprovado" | "reprovado" | "ausente";
                        /**
                         * @description De `0.00` a `10.00`; `null` para `ausente`.
                         * @example 8.75
                         */
                        nota: string | null;
                        /**
                         * @description O título que o resultado concedeu; `null` se nenhum.
                         * @example 5531
                         */
                        titulo_id: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recebido: qualquer 2xx em até 10 s encerra a entrega. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookWebhookTeste: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description O `id` do evento: o mesmo em toda nova tentativa. Descarte uma entrega cujo `webhook-id` você já processou.
                 * @example evt_01M8C5XQC0Q6Y1BPNVR7HTTD78
                 */
                "webhook-id": string;
                /**
                 * @description Segundos Unix do envio desta tentativa. Recuse entregas com mais de 5 minutos de diferença do seu relógio.
                 * @example 1764169200
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,` e o HMAC-SHA256, em base64, de `{webhook-id}.{webhook-timestamp}.{corpo}` com o segredo `whsec_…` do endpoint (os bytes do base64 depois de `whsec_`). Durante a rotação de um segredo vêm duas assinaturas separadas por espaço: aceite a entrega se uma conferir. A biblioteca `standardwebhooks` (e o pacote cliente da Associa) faz a conta.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_01M8C5XQC0X45A0PG390XQK4RX",
                 *       "type": "webhook.teste",
                 *       "sequencia": 0,
                 *       "ocorrido_em": "2026-11-26T12:00:00-03:00",
                 *       "dados": {
                 *         "webhook_id": 1
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @example evt_01M8C5XQC0X45A0PG390XQK4RX */
                    id: string;
                    /**
                     * @example webhook.teste
                     * @constant
                     */
                    type: "webhook.teste";
                    /**
                     * @description Sempre 0: um teste não está no feed.
                     * @example 0
                     * @constant
                     */
                    sequencia: 0;
                    /**
                     * Format: date-time
                     * @example 2026-11-26T12:00:00-03:00
                     */
                    ocorrido_em: string;
                    /**
                     * @example {
                     *       "webhook_id": 1
                     *     }
                     */
                    dados: {
                        /**
                         * Format: int64
                         * @description O endpoint testado.
                         * @example 1
                         */
                        webhook_id: number;
                    };
                };
            };
        };
        responses: {
            /** @description O endpoint não existe mais: a Associa o desativa na hora e não envia mais nada a ele. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Recebido: qualquer 2xx em até 10 s encerra a entrega. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Qualquer outra resposta, um redirecionamento (não seguido) ou nenhuma em 10 s: nova tentativa após cerca de 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h e 24 h. Um endpoint que falha por 5 dias seguidos é desativado. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
