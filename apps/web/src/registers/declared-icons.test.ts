import { INTEGRATION_SCREENS, LIST_SCREENS, MASTER_SCREENS, REGISTERS, SUBLISTS } from '@concilia/domain';
import { describe, expect, it } from 'vitest';
import { ICONS } from '../app/shell/menu-icons';
import { ACTION_ICONS } from './register-fab';

/**
 * The icons a declaration names are drawn from explicit maps (to keep the bundle small): a name missing from its map
 * silently shows a fallback icon. Every declared action and menu icon must be drawable.
 */
describe('declared icons', () => {
  const defs = [...REGISTERS, ...SUBLISTS, ...LIST_SCREENS, ...MASTER_SCREENS, ...INTEGRATION_SCREENS];

  it('every action icon of every declaration is in the action map', () => {
    const missing = defs.flatMap((d) => (d.actions ?? []).filter((a) => a.icon && !ACTION_ICONS[a.icon]).map((a) => `${d.key}.${a.key}: ${a.icon}`));
    expect(missing).toEqual([]);
  });

  it("every declaration's menu icon is in the menu map", () => {
    expect(defs.filter((d) => !ICONS[d.menuIcon]).map((d) => `${d.key}: ${d.menuIcon}`)).toEqual([]);
  });
});
