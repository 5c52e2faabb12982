/** Associa's mark, an A, as an open SVG path: the caller gives its stroke colour and closes the tag. */
export const MARK = '<path d="M12 31 20 9l8 22M15 24h10" fill="none" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"';

/** The service's icon: the mark on the administration area's blue (src/admin/assets.ts). */
export const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#0b5cad"/>${MARK} stroke="#fff"/></svg>`;
