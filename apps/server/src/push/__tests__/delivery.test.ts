import { createMemoryBroker } from '../memory-broker.ts';
import { describeDelivery } from './delivery-suite.ts';

describeDelivery('memory', (opts) => createMemoryBroker(opts));
