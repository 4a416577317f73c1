export * from './preferences-store';
