import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_NAME } from '@shared/brand';
import { messages } from '@shared/messages';
import nativeApp from '../../capacitor.config';
import { DEFAULT_PRIVACY_POLICY, DEFAULT_TERMS } from './modules/settings/legal-defaults';

/**
 * UI copy names the product with BRAND_NAME, never the literal "the product" (issue: the interface
 * said "How will you use the product?"). Documentation and code comments may keep "the product".
 */
const LITERAL = /\bthe product\b/i;
const root = join(import.meta.dirname, '..');

function filesUnder(dir: string, ending: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, ending);
    return ending.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The code without its comments (block, JSX and line comments). */
const withoutComments = (source: string) =>
  source
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

describe('the brand name in UI copy', () => {
  it('no message of the catalogue says "the product"', () => {
    expect(textsOf(messages).filter((text) => LITERAL.test(text))).toEqual([]);
  });

  it('no web component or server template says "the product" outside comments', () => {
    const files = [
      ...filesUnder(join(root, 'web'), /\.tsx$/),
      join(root, 'server/providers/payments/local-pages-html.ts'),
      join(root, 'server/auth/auth.ts'),
    ];
    const offenders = files.filter((file) => LITERAL.test(withoutComments(readFileSync(file, 'utf8'))));
    expect(offenders.map((file) => relative(root, file))).toEqual([]);
  });

  it('names the brand where the copy refers to the product', () => {
    expect(messages.polish.consentIntroFee.startsWith(`${BRAND_NAME} acts as`)).toBe(true);
    expect(messages.phone.smsBody).toContain(BRAND_NAME);
    expect(messages.map.localExperts).toBe(BRAND_NAME);
    expect(DEFAULT_TERMS).toContain(`By using ${BRAND_NAME}`);
    expect(DEFAULT_PRIVACY_POLICY).not.toMatch(LITERAL);
  });

  it('the native app is named with the brand', () => {
    expect(nativeApp.appName).toBe(BRAND_NAME);
  });

  it('the page title and the startup splash take the brand from the build', () => {
    const page = readFileSync(join(root, 'web/index.html'), 'utf8');
    expect(page).toMatch(/<title>%BRAND_NAME%/);
    expect(page).toMatch(/id="splash"[\s\S]*?>%BRAND_NAME%</);
  });
});
