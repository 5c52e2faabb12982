import { BarePage, Notice, render } from './layout.js';

export function loginPage(props: { csrfToken: string; email?: string; error?: string; next?: string }): string {
  return render(
    <BarePage title="Entrar">
      {props.error && <Notice kind="error">{props.error}</Notice>}
      <form method="post" action="/admin/entrar">
        <input type="hidden" name="_csrf" value={props.csrfToken} />
        {props.next && <input type="hidden" name="proximo" value={props.next} />}
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ''} autofocus />
        <label for="senha">Senha</label>
        <input id="senha" name="senha" type="password" autocomplete="current-password" required />
        <div class="actions">
          <button type="submit">Entrar</button>
        </div>
      </form>
      <p class="hint">
        O primeiro acesso é criado com <code>associa admin create</code>.
      </p>
    </BarePage>,
  );
}

export function errorPage(props: { title: string; message: string; signedIn?: boolean }): string {
  return render(
    <BarePage title={props.title}>
      <p>{props.message}</p>
      <p>
        <a href={props.signedIn === false ? '/admin/entrar' : '/admin'}>{props.signedIn === false ? 'Entrar' : 'Voltar ao início'}</a>
      </p>
    </BarePage>,
  );
}
