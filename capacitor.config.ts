import { BRAND_NAME } from './src/shared/brand';

/**
 * The native shell's settings (Capacitor reads this file when the iOS and Android projects are
 * generated or synced). The app's name on the home screen is the brand (`BRAND_NAME`); its id and the
 * deep-link scheme come from the environment for white-label builds.
 */
const config = {
  appId: process.env.APP_ID?.trim() || 'app.remotexpert',
  appName: BRAND_NAME,
  webDir: 'dist/web',
};

export default config;
