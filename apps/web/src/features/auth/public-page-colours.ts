import { useMemo, type CSSProperties } from 'react';
import { useAppState } from '../../app/store';
import { themeColourVariables } from '../../app/theme/theme-colours';
import { themeOption } from '../../app/theme/theme-options';

/** The visitor's theme as the custom properties auth.css paints the public pages with (their root's style). */
export function usePublicPageColours(): CSSProperties {
  const themeId = useAppState((s) => s.theme);
  return useMemo(() => themeColourVariables(themeOption(themeId)) as CSSProperties, [themeId]);
}
