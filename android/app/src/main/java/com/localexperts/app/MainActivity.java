package com.localexperts.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
