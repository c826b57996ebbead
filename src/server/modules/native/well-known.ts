import type { Env } from '../../env';

/**
 * The files that let the operating systems open links to the site in the native app: Apple's
 * apple-app-site-association (universal links) and Android's Digital Asset Links (App Links).
 * Built from the environment; null when the store identity is not configured.
 */

/** Paths that are never the app's: the API, the dev tools and these files themselves. */
const NOT_APP_PATHS = ['/api/*', '/dev/*', '/.well-known/*'];

export function appleAppSiteAssociation(env: Env) {
  if (!env.IOS_TEAM_ID) return null;
  const appId = `${env.IOS_TEAM_ID}.${env.IOS_BUNDLE_ID}`;
  return {
    applinks: {
      apps: [],
      details: [
        {
          appIDs: [appId],
          // iOS 13+ reads components; older versions read appID/paths.
          components: [...NOT_APP_PATHS.map((path) => ({ '/': path, exclude: true })), { '/': '*' }],
          appID: appId,
          paths: [...NOT_APP_PATHS.map((path) => `NOT ${path}`), '*'],
        },
      ],
    },
  };
}

export function assetLinks(env: Env) {
  if (env.ANDROID_SHA256_CERT_FINGERPRINTS.length === 0) return null;
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: env.ANDROID_PACKAGE_NAME,
        sha256_cert_fingerprints: env.ANDROID_SHA256_CERT_FINGERPRINTS,
      },
    },
  ];
}
