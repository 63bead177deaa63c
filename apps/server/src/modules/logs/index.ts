// The logs domain's public entry: sending a text message or a push goes through the domain that keeps their logs.
export { sendSms, setSmsProvider, smsProvider, logSmsProvider, type SmsProvider, type SmsMessage, type SmsSendResult } from './sms.js';
export { sendPush, setPushProvider, pushProvider, logPushProvider, type PushProvider, type PushMessage } from './push.js';
export { apnsPushProvider, type ApnsCredentials } from './apns.js';
