import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Fragment, useId, useState, type ReactNode } from 'react';

export interface MenuEntry {
  key: string;
  label: string;
  run: () => void;
}

/** A group of entries under an optional heading. */
export interface MenuGroup {
  heading?: string;
  entries: MenuEntry[];
}

/**
 * A selection bar button that opens a menu of choices (formats, presets). `onOpen` lets the menu
 * fetch what it lists only when it is first opened.
 */
export function SelectionMenuButton({
  label,
  icon,
  groups,
  disabled,
  onOpen,
}: {
  label: string;
  icon: ReactNode;
  groups: MenuGroup[];
  disabled?: boolean;
  onOpen?: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={icon}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? id : undefined}
        onClick={(event) => {
          onOpen?.();
          setAnchor(event.currentTarget);
        }}
      >
        {label}
      </Button>
      <Menu
        id={id}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': label } }}
      >
        {groups
          .filter((group) => group.entries.length > 0)
          .map((group, index) => (
            <Fragment key={group.heading ?? index}>
              {index > 0 && <Divider />}
              {group.heading && <ListSubheader>{group.heading}</ListSubheader>}
              {group.entries.map((entry) => (
                <MenuItem
                  key={entry.key}
                  onClick={() => {
                    setAnchor(null);
                    entry.run();
                  }}
                >
                  {entry.label}
                </MenuItem>
              ))}
            </Fragment>
          ))}
      </Menu>
    </>
  );
}
