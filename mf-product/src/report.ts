import { ApolloClient } from '@apollo/client';
import { reportApp } from '@shop/mf-shared';
import { createElement } from 'react';
import { useNavigate } from 'react-router-dom';

/** Tells the page which release of this remote is running and whether it got the page's singletons. */
export const report = reportApp('mf_product', __APP_VERSION__, { createElement, ApolloClient, useNavigate });
