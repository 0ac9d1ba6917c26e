import { useState } from 'react';
import { PREVIEW_LINES } from './constants';

export interface LineCollapse {
  /** Whether the block is long enough to collapse at all. */
  collapsible: boolean;
  collapsed: boolean;
  toggle: () => void;
  /** Lines hidden while collapsed. */
  hiddenCount: number;
}

/** Spec §2: a block over 8 lines starts collapsed to its first 8. */
export function useLineCollapse(totalLines: number, limit = PREVIEW_LINES): LineCollapse {
  const [expanded, setExpanded] = useState(false);
  const collapsible = totalLines > limit;
  return {
    collapsible,
    collapsed: collapsible && !expanded,
    toggle: () => setExpanded((value) => !value),
    hiddenCount: collapsible ? totalLines - limit : 0,
  };
}
