// One import point for the network contracts (site clients, server handlers, OpenAPI).
export * from './car.ts';
export * from './common.ts';
export * from './content.ts';
export * from './finance.ts';
export * from './lead.ts';
export * from './lead-rules.ts';
export * from './lead-delivery.ts';
export * from './location.ts';
export * from './order.ts';
export * from './user.ts';
export * from './vehicle.ts';
export * from './places.ts';
export * from './rich-text.ts';
export * from './credit-check.ts';
