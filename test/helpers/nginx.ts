import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const GUIDE = new URL('../../docs/deployment.md', import.meta.url);

/**
 * The `upstream` and `location /` blocks of the nginx configuration in docs/deployment.md ("Several instances"),
 * so that the tests run behind what the guide tells operators to write.
 */
export function guideNginxBlocks(): { upstream: string; location: string } {
  const guide = readFileSync(GUIDE, 'utf8');
  const section = guide.slice(guide.indexOf('\n## Several instances'));
  const config = /```nginx\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const upstream = /^upstream associa \{\n[\s\S]*?^\}/m.exec(config)?.[0];
  const location = /^ *location \/ \{\n[\s\S]*?^ *\}/m.exec(config)?.[0];
  if (!upstream || !location) throw new Error('docs/deployment.md, "Several instances", has no nginx upstream and location / blocks');
  return { upstream, location };
}

/**
 * The guide's upstream with `upstreams` for its servers, each with the parameters of the guide's first server
 * line (max_fails, fail_timeout).
 */
function upstreamBlock(upstream: string, upstreams: readonly string[]): string {
  const parameters = /^ *server \S+?( [^;]*)?;$/m.exec(upstream)?.[1] ?? '';
  const servers = upstreams.map((url) => `  server ${new URL(url).host}${parameters};`).join('\n');
  return upstream.replace(/^ *server [^\n]*\n/gm, '').replace(/\n\}$/, `\n${servers}\n}`);
}

/**
 * nginx in the foreground with a configuration of its own: one address balancing round-robin over `upstreams`,
 * with the upstream and location blocks of docs/deployment.md.
 */
export async function startNginx(upstreams: readonly string[]): Promise<Nginx> {
  const prefix = tempDir('associa-nginx-');
  mkdirSync(`${prefix}/logs`);
  const port = await freePort();
  const { upstream, location } = guideNginxBlocks();
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
${upstreamBlock(upstream, upstreams)}
  server {
    listen 127.0.0.1:${port};
${location}
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
