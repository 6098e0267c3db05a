import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Photo } from './photo.tsx';

const image = { fullpath: `/api/photos/${'ab'.repeat(16)}/1600.jpg`, width: 1600, height: 1600 };

describe('Photo', () => {
  it('loads lazily unless it is the first screen’s largest photo or the caller says it is on screen', () => {
    render(
      <>
        <Photo image={image} sizes="50vw" alt="далеко" />
        <Photo image={image} sizes="50vw" alt="рядом" loading="eager" />
        <Photo image={image} sizes="50vw" alt="главное" priority />
      </>,
    );
    const far = screen.getByRole('img', { name: 'далеко' });
    const near = screen.getByRole('img', { name: 'рядом' });
    const main = screen.getByRole('img', { name: 'главное' });
    expect(far.getAttribute('loading')).toBe('lazy');
    expect(near.getAttribute('loading')).toBe('eager');
    expect(near.getAttribute('fetchpriority')).toBeNull();
    expect(main.getAttribute('loading')).toBe('eager');
    expect(main.getAttribute('fetchpriority')).toBe('high');
  });

  it('offers the pipeline renditions as WebP and AVIF sources, with one JPEG for a browser that takes neither', () => {
    const { container } = render(<Photo image={image} sizes="50vw" widest={400} alt="кроссовки" />);
    const sources = [...container.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    for (const source of sources) {
      expect(source.getAttribute('sizes')).toBe('50vw');
      expect(source.getAttribute('srcset')).toMatch(/320\.\w+ 320w, .*960\.\w+ 960w$/);
    }
    const img = screen.getByRole('img', { name: 'кроссовки' });
    expect(img.getAttribute('src')).toBe(`/api/photos/${'ab'.repeat(16)}/640.jpg`);
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
  });
});
