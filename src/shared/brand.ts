/**
 * The product's name as users see it: one constant for every piece of copy that names the product
 * (header, page title, splash, emails, SMS, push, the native app name). White-label deployments set
 * `BRAND_NAME` when building the web app (Vite replaces `__BRAND_NAME__`) and when starting the server.
 */
declare const __BRAND_NAME__: string | undefined;

const DEFAULT_BRAND_NAME = 'Local Experts';

function fromBuild(): string | undefined {
  return typeof __BRAND_NAME__ !== 'undefined' && __BRAND_NAME__ ? __BRAND_NAME__ : undefined;
}

function fromProcess(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.BRAND_NAME?.trim() || undefined;
}

export const BRAND_NAME: string = fromBuild() ?? fromProcess() ?? DEFAULT_BRAND_NAME;
