export * from './quota';
export * from './run-quota-guard';
