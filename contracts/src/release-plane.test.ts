// Guards what a release version may be (semver with the build in its metadata) and how one is
// read back from a manifest URL: the registry, the stores and the browsers' health reports all
// rely on it being a safe path segment.
import { describe, expect, it } from 'vitest';
import { isReleaseVersion, releaseManifestUrl, releaseVersion, releaseVersionOfUrl } from './release-plane.ts';

describe('release versions', () => {
  it('are the package version with the build id as build metadata', () => {
    expect(releaseVersion('0.1.0', '20261130012233-3fa9c1')).toBe('0.1.0+20261130012233-3fa9c1');
    expect(releaseVersion('2.3.4-rc.1', 'compose')).toBe('2.3.4-rc.1+compose');
    // a package version that already carries metadata gets the build's, not both
    expect(releaseVersion('1.0.0+old', '20261130')).toBe('1.0.0+20261130');
  });

  it('refuse a build id semver cannot carry, with what is allowed', () => {
    for (const id of ['', 'a..b', 'a b', 'проба', '../x', 'a/b', 'a+b', 'x'.repeat(60)]) {
      expect(() => releaseVersion('0.1.0', id), id).toThrow(
        /build id may hold letters, digits, dashes and single dots/,
      );
    }
  });

  it('accept semver, old pre-release style versions included, and nothing else', () => {
    for (const v of [
      '0.1.0',
      '0.1.0+20261130012233-3fa9c1',
      '0.1.0-20261124015300-3fa9c1',
      '1.0.0-rc.1+b.7',
      '10.20.30',
    ]) {
      expect(isReleaseVersion(v), v).toBe(true);
    }
    for (const v of [
      'v1',
      '1',
      '1.0',
      '01.0.0',
      '1.0.0-',
      '1.0.0+',
      '1.0.0+a..b',
      '1.0.0 ',
      '1.0.0/x',
      '..',
      `1.0.0+${'a'.repeat(60)}`,
      1,
    ]) {
      expect(isReleaseVersion(v), String(v)).toBe(false);
    }
  });

  it('are read back from a manifest or file URL, encoded or not', () => {
    expect(releaseVersionOfUrl('http://x:1/0.1.0+20261130-3fa9c1/mf-manifest.json')).toBe('0.1.0+20261130-3fa9c1');
    expect(releaseVersionOfUrl('http://x:1/0.1.0%2B20261130-3fa9c1/remoteEntry.js?v=1#a')).toBe(
      '0.1.0+20261130-3fa9c1',
    );
    expect(releaseVersionOfUrl('http://x:1/mf-manifest.json')).toBeUndefined();
    expect(releaseVersionOfUrl('http://x:1/static/main.js')).toBeUndefined();
    expect(releaseVersionOfUrl('http://x:1/%E0%A4%A/a.js')).toBeUndefined();
    expect(releaseVersionOfUrl(undefined)).toBeUndefined();
  });

  it('are written into manifest URLs with the plus encoded, and read back', () => {
    const url = releaseManifestUrl('https://cdn.example/mf_catalog/', '0.1.0+20261130-3fa9c1');
    expect(url).toBe('https://cdn.example/mf_catalog/0.1.0%2B20261130-3fa9c1/mf-manifest.json');
    expect(releaseVersionOfUrl(url)).toBe('0.1.0+20261130-3fa9c1');
  });
});
