import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { messages } from '../config/messages.ts';
import { sessionStarted } from './auth-slice.ts';

/** 1 = success, 0 = error, as in the template this app comes from. */
export type NotificationStatus = 0 | 1;

interface HeaderState {
  pageTitle: string;
  noOfNotifications: number;
  newNotificationMessage: string;
  newNotificationStatus: NotificationStatus;
  notificationSeq: number;
}

const initialState: HeaderState = {
  pageTitle: messages.loading, // Portuguese while the first screen loads, never 'Home' (issue 33)
  noOfNotifications: 15,
  newNotificationMessage: '',
  newNotificationStatus: 1,
  notificationSeq: 0,
};

export const headerSlice = createSlice({
  name: 'header',
  initialState,
  reducers: {
    setPageTitle(state, action: PayloadAction<{ title: string }>) {
      state.pageTitle = action.payload.title;
    },
    setNotificationCount(state, action: PayloadAction<number>) {
      state.noOfNotifications = action.payload;
    },
    showNotification(state, action: PayloadAction<{ message: string; status: NotificationStatus }>) {
      state.newNotificationMessage = action.payload.message;
      state.newNotificationStatus = action.payload.status;
      state.notificationSeq += 1;
    },
    removeNotificationMessage(state) {
      state.newNotificationMessage = '';
    },
  },
  extraReducers: (builder) => {
    // A failed sign-in's error is stale once the user is in.
    builder.addCase(sessionStarted, (state) => {
      if (state.newNotificationStatus === 0) state.newNotificationMessage = '';
    });
  },
});

export const { setPageTitle, setNotificationCount, showNotification, removeNotificationMessage } =
  headerSlice.actions;
