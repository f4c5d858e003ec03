import { describe, expect, it } from 'vitest';
import { LIST_SCREENS, MASTER_SCREENS, REGISTERS } from './index';
import { REGISTER_PAGES } from './register-pages';

describe('REGISTER_PAGES', () => {
  it('is the key, page, title and window limit of every register, list and master-user screen, in their order', () => {
    const declared = [...REGISTERS, ...LIST_SCREENS, ...MASTER_SCREENS].map((d) => ({
      key: d.key, page: d.page, title: d.title, ...(d.window?.maxMonths === undefined ? {} : { maxMonths: d.window.maxMonths }),
    }));
    expect(REGISTER_PAGES).toEqual(declared);
  });
});
