import { describe, expect, it } from 'vitest';
import { unstyledClasses } from './unstyled-classes';

describe('unstyledClasses', () => {
  it('names the classes whose rule the page does not hold', () => {
    const html =
      '<style data-emotion="css 1x4jos1 abc">.css-1x4jos1{display:flex}</style><div class="MuiStack-root css-1x4jos1">' +
      '<img class="MuiBox-root css-vldkxt"/><span class="css-abc other"></span><i class="css-0"></i></div>';
    expect(unstyledClasses(html)).toEqual(['css-vldkxt']);
  });

  it('is empty when every class has its rule', () => {
    expect(unstyledClasses('<style data-emotion="css q1">.css-q1{}</style><p class="css-q1">x</p>')).toEqual([]);
  });
});
