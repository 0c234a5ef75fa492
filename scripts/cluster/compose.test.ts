/**
 * compose.yaml cannot run here (no container engine): this checks what would break it. Each
 * service runs an entry that exists, with variables the server knows and a config it accepts, and
 * the addresses agree: the instances share one database, secret, sealing key and public address;
 * the processor sends events to that address; the balancer serves it and reaches both instances.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema, loadConfig } from '../../src/server/env.ts';

const root = resolve(import.meta.dirname, '../..');
type Service = { command?: string[]; environment?: Record<string, string>; build?: string; image?: string; env_file?: string | string[] };
const compose = parse(readFileSync(resolve(root, 'compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const SAMPLE: Record<string, string> = { SVCPAY_PROCESSOR_SECRET: 'x'.repeat(32), SVCPAY_SEALING_KEY: Buffer.alloc(32, 1).toString('base64'), SVCPAY_DATABASE_PASSWORD: 'p'.repeat(48) };
/** `${NAME:?message}` as compose fills it from the shell. */
const filled = (env: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{(\w+):\?[^}]*\}/g, (_, name: string) => SAMPLE[name] ?? '')]));

const { services } = compose;
const instances = Object.entries(services).filter(([, s]) => s.command?.join(' ') === 'node bin/svcpay.js');
const [processor, balancer] = [services.processor!, services.balancer!];
const known = new Set([...Object.keys(EnvSchema.shape), 'NO_COLOR']);

describe('compose.yaml', () => {
  it('runs every svcpay process from the image, with an entry that exists', () => {
    for (const [name, s] of Object.entries(services).filter(([, x]) => x.build)) {
      const entry = s.command!.find((part) => /\.(js|ts)$/.test(part));
      expect(entry && existsSync(resolve(root, entry)), `${name}: ${s.command!.join(' ')}`).toBe(true);
    }
    expect(processor.command).toEqual(['node', 'bin/svcpay.js', 'processor']);
    expect(instances.length).toBe(2);
  });

  it('gives the instances and the processor variables the server knows, in a config it accepts', () => {
    for (const [name, s] of [...instances, ['processor', processor] as const]) {
      for (const key of Object.keys(s.environment!)) expect(known.has(key), `${name}: ${key}`).toBe(true);
      expect(() => loadConfig(filled(s.environment)), name).not.toThrow();
    }
  });

  it('agrees on the addresses: one database, secret, sealing key and public address; the balancer in front of both', () => {
    const configs = instances.map(([, s]) => loadConfig(filled(s.environment)));
    for (const k of ['databaseUrl', 'processorSecret', 'sealingKey', 'publicUrl', 'processorUrl'] as const) expect(new Set(configs.map((c) => c[k])).size, k).toBe(1);
    expect(configs.every((c) => c.externalProcessor && c.trustedProxies.includes('127.0.0.1'))).toBe(true);
    const proc = loadConfig(filled(processor.environment));
    expect(proc.serviceUrl).toBe(configs[0]!.publicUrl);
    expect(proc.processorSecret).toBe(configs[0]!.processorSecret);
    expect(new URL(configs[0]!.processorUrl).port).toBe(String(proc.processorPort));
    expect(balancer.environment!.BALANCER_UPSTREAMS!.split(',').map((u) => Number(new URL(u).port)).sort()).toEqual(configs.map((c) => c.port).sort());
    expect(balancer.environment!.BALANCER_PORT).toBe(new URL(configs[0]!.publicUrl).port);
    expect(services.postgres!.command!.join(' ')).toContain(`-p ${new URL(configs[0]!.databaseUrl!).port}`);
    expect(configs.filter((c) => c.demo)).toHaveLength(1);
  });
});

describe('compose.yaml secrets (issue 32, finding 9)', () => {
  const text = readFileSync(resolve(root, 'compose.yaml'), 'utf8').replace(/^\s*#.*$/gm, '');
  const required = [...text.matchAll(/\$\{(\w+):\?[^}]+\}/g)].map((m) => m[1]!);
  const example = readFileSync(resolve(root, '.env.example'), 'utf8');

  it('writes no password: PostgreSQL and the instances take it from .env, and compose refuses to start without it', () => {
    expect(services.postgres!.environment!.POSTGRES_PASSWORD).toMatch(/^\$\{SVCPAY_DATABASE_PASSWORD:\?.+\}$/);
    for (const [name, s] of instances) expect(new URL(filled(s.environment).SVCPAY_DATABASE_URL!).password, name).toBe(SAMPLE.SVCPAY_DATABASE_PASSWORD);
    // No user:password@ other than the interpolated one, and no literal value for a secret.
    expect(text.replace(/\$\{\w+:\?[^}]+\}/g, '')).not.toMatch(/postgres(ql)?:\/\/[^/@\s:]*:[^/@\s]+@/);
    for (const s of Object.values(services)) {
      for (const [key, value] of Object.entries(s.environment ?? {})) if (/PASSWORD|SECRET|SEALING_KEY|TOKEN/.test(key)) expect(value, key).toMatch(/^\$\{\w+:\?/);
    }
    expect(new Set(required)).toEqual(new Set(['SVCPAY_DATABASE_PASSWORD', 'SVCPAY_PROCESSOR_SECRET', 'SVCPAY_SEALING_KEY']));
  });

  it('gives the svcpay services the env file, documented by .env.example, kept out of git and the image', () => {
    for (const [name, s] of [...instances, ['processor', processor] as const]) expect([s.env_file].flat(), name).toEqual(['.env']);
    for (const name of [...required, 'SVCPAY_CONTROL_TOKEN']) expect(example, name).toMatch(new RegExp(`^#? ?${name}=$`, 'm'));
    // The example holds no value for any secret.
    expect(example).not.toMatch(/^[A-Z_]+=\S/m);
    expect(execFileSync('git', ['check-ignore', '-q', '.env'], { cwd: root }).length).toBe(0);
    expect(() => execFileSync('git', ['check-ignore', '-q', '.env.example'], { cwd: root })).toThrow();
    expect(readFileSync(resolve(root, '.dockerignore'), 'utf8').split('\n')).toContain('.env');
  });
});

