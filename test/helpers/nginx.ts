import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { eventually } from './load.js';
import { freePort, tempDir } from './processes.js';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Why nginx cannot be used here (undefined when it can); with REQUIRE_NGINX=1 (CI) its absence is a failure. */
export function nginxUnavailable(): string | undefined {
  if (existsSync(NGINX)) return undefined;
  const why = `no nginx at ${NGINX} (install Debian's nginx package, or set NGINX_PATH)`;
  if (process.env.REQUIRE_NGINX === '1') throw new Error(why);
  return why;
}

export interface Nginx {
  base: string;
  stop(): Promise<void>;
}

/** nginx in the foreground with a configuration of its own: one address balancing round-robin over `upstreams`. */
export async function startNginx(upstreams: readonly string[]): Promise<Nginx> {
  const prefix = tempDir('associa-nginx-');
  mkdirSync(`${prefix}/logs`);
  const port = await freePort();
  const servers = upstreams.map((url) => `    server ${new URL(url).host};`).join('\n');
  writeFileSync(
    `${prefix}/nginx.conf`,
    `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream associa {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://associa;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', `${prefix}/nginx.conf`, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
        return (await fetch(`${base}/healthz`)).ok;
      },
      10_000,
      'nginx answering',
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}: ${stderr}`, { cause: error });
  }
  return {
    base,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await once(child, 'exit');
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
