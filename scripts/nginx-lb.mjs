// Starts Debian's nginx on loopback as a round-robin load balancer in front of several Kaoping instances,
// with a generated config in a private folder; runs in the foreground until stopped (SIGTERM/SIGINT).
//
//   node scripts/nginx-lb.mjs --listen 4323 --upstream 127.0.0.1:4321 --upstream 127.0.0.1:4322
//
// Each request is logged to <folder>/access.log as "<upstream> <status>" so a test can see the spread.
// docs/DEPLOY.md shows the same proxy settings for a production machine.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    listen: { type: 'string', default: '4323' },
    upstream: { type: 'string', multiple: true },
    dir: { type: 'string' },
    nginx: { type: 'string', default: '/usr/sbin/nginx' },
  },
});
const upstreams = values.upstream ?? [];
if (upstreams.length === 0) {
  console.error(
    '用法：node scripts/nginx-lb.mjs --listen 端口 --upstream 地址:端口 [--upstream 地址:端口 …]',
  );
  process.exit(2);
}
const dir = values.dir ?? mkdtempSync(path.join(os.tmpdir(), 'kaoping-nginx-'));
for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
  mkdirSync(path.join(dir, sub), { recursive: true });

export const config = `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  log_format lb '$upstream_addr $status';
  access_log ${dir}/access.log lb;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Covers are at most 10 MB.
  client_max_body_size 12m;
  upstream kaoping {
${upstreams.map((u) => `    server ${u} max_fails=0;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${values.listen};
    location / {
      proxy_pass http://kaoping;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A ballot (POST) is never sent twice by nginx: only a failed connection moves to the next instance.
      proxy_next_upstream error timeout;
      proxy_read_timeout 60s;
    }
  }
}
`;
const conf = path.join(dir, 'nginx.conf');
writeFileSync(conf, config);

const proc = spawn(values.nginx, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], {
  stdio: 'inherit',
});
console.log(`nginx：http://127.0.0.1:${values.listen} → ${upstreams.join('、')}（配置 ${conf}）`);
const stop = () => proc.kill('SIGQUIT');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
proc.on('exit', (code) => process.exit(code ?? 0));
