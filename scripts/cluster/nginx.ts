import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { listening } from './ports'

/** The site file an operator copies (deploy/nginx/console.conf), with this machine's ports. */
export function renderSite(site: string, listen: number, apiPorts: number[]): string {
  const servers = apiPorts.map((port) => `    server 127.0.0.1:${port} max_fails=2 fail_timeout=10s;`).join('\n')
  const rendered = site
    .replace(/^( {4}server 127\.0\.0\.1:\d+ [^\n]*\n)+/m, `${servers}\n`)
    .replace(/^( {4}listen )\d+;/m, `$1${listen};`)
  if (!rendered.includes(servers) || !rendered.includes(`listen ${listen};`)) throw new Error('deploy/nginx/console.conf no longer has the upstream servers and listen line the cluster fills in.')
  return rendered
}

/**
 * nginx in the foreground with a configuration of the cluster's own (its pid, logs and temporary
 * files in the cluster's folder), so it runs without root and beside any nginx the machine has.
 */
export async function startNginx(dir: string, siteFile: string, listen: number, apiPorts: number[]): Promise<{ stop(): Promise<void> }> {
  mkdirSync(join(dir, 'temp'), { recursive: true })
  // Started as root, nginx's workers run as www-data: they must be able to write its temporary files.
  chmodSync(join(dir, 'temp'), 0o1777)
  writeFileSync(join(dir, 'site.conf'), renderSite(readFileSync(siteFile, 'utf8'), listen, apiPorts))
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log ${join(dir, 'access.log')};`,
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  )
  const conf = join(dir, 'nginx.conf')
  execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] })
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', conf], { stdio: 'ignore' })
  await listening(listen)
  return {
    async stop() {
      if (child.exitCode !== null) return
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGQUIT')
      })
    },
  }
}
