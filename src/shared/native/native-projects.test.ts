import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import config from '../../../capacitor.config';
import { BRAND_NAME } from '../brand';
import { NATIVE } from '../constants';
import { NATIVE_APP } from './native-app';

/** The committed native projects must agree with the shared identity (they are edited by hand). */
const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('capacitor.config.ts', () => {
  it('names the app with the brand and ships the built web app', () => {
    expect(config.appId).toBe(NATIVE_APP.appId);
    expect(config.appName).toBe(BRAND_NAME);
    expect(config.webDir).toBe('dist/web');
  });

  it('keeps the splash up until the web app hides it, and colours the status bar #05283b', () => {
    expect(config.plugins?.SplashScreen).toMatchObject({
      launchAutoHide: false,
      backgroundColor: NATIVE.statusBarColor,
    });
    expect(config.plugins?.StatusBar).toMatchObject({ backgroundColor: '#05283b', style: 'DARK' });
  });
});

describe('Android project', () => {
  it('uses the app id and registers the deep-link scheme and App Links', () => {
    expect(read('android/app/build.gradle')).toContain(`applicationId "${NATIVE_APP.appId}"`);
    expect(read('android/app/src/main/res/values/strings.xml')).toContain(
      `<string name="custom_url_scheme">${NATIVE_APP.urlScheme}</string>`,
    );
    const manifest = read('android/app/src/main/AndroidManifest.xml');
    expect(manifest).toContain('android:scheme="@string/custom_url_scheme"');
    expect(manifest).toMatch(/android:autoVerify="true"[\s\S]*android:scheme="https"/);
    expect(manifest).toContain('android.permission.POST_NOTIFICATIONS');
  });
});

describe('iOS project', () => {
  it('uses the app id and registers the deep-link scheme, associated domains and push', () => {
    expect(read('ios/App/App.xcodeproj/project.pbxproj')).toContain(
      `PRODUCT_BUNDLE_IDENTIFIER = ${NATIVE_APP.appId};`,
    );
    expect(read('ios/App/App/Info.plist')).toMatch(
      new RegExp(`<key>CFBundleURLSchemes</key>\\s*<array>\\s*<string>${NATIVE_APP.urlScheme}</string>`),
    );
    const entitlements = read('ios/App/App/App.entitlements');
    expect(entitlements).toContain('applinks:$(APP_LINKS_HOST)');
    expect(entitlements).toContain('aps-environment');
    expect(read('ios/App/App/AppDelegate.swift')).toContain('capacitorDidRegisterForRemoteNotifications');
  });
});
