import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

// `component={Link}` on a Mantine component loses the router's typed `params` and `search`;
// createLink keeps them (TanStack Router's documented Mantine recipe).

type AnchorBaseProps = Omit<AnchorProps, 'href'> & AnchorHTMLAttributes<HTMLAnchorElement>;

const AnchorBase = forwardRef<HTMLAnchorElement, AnchorBaseProps>((props, ref) => (
  <Anchor ref={ref} {...props} />
));
AnchorBase.displayName = 'AnchorBase';

const CreatedAnchorLink = createLink(AnchorBase);

/** A Mantine Anchor that navigates with the router, with typed `to`, `params` and `search`. */
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => (
  <CreatedAnchorLink {...props} />
);

type ButtonBaseProps = Omit<ButtonProps, 'href'> & AnchorHTMLAttributes<HTMLAnchorElement>;

const ButtonBase = forwardRef<HTMLAnchorElement, ButtonBaseProps>((props, ref) => (
  <Button ref={ref} component="a" {...props} />
));
ButtonBase.displayName = 'ButtonBase';

const CreatedButtonLink = createLink(ButtonBase);

/** A Mantine Button that is a router link, with typed `to`, `params` and `search`. */
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => (
  <CreatedButtonLink {...props} />
);
