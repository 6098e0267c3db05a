/** A navigation item as the API's `menu` query gives it. */
export interface MenuItem {
  id: string;
  name: string;
  href: string | null;
  type: 'LINK' | 'DROPDOWN' | 'MEGA_MENU';
  isNew: boolean;
  /** Absent at the deepest level the menu query asks for. */
  children?: MenuItem[];
  /** A mega menu's side panel. */
  panel?: {
    title: string;
    text: string | null;
    href: string | null;
    image: { fullpath: string; width: number; height: number } | null;
  } | null;
}

/** The link to a section's own page, first among its children in every menu. */
export const SECTION_ROOT_LINK = 'Все товары раздела';
